import { Injectable } from '@nestjs/common';
import { prepareLocalNarrator } from '@starborn/ai';
import { JobQueues, type NarratorJob } from '@starborn/contracts';
import { GenerationWorker } from '../generation.worker.js';

/** The id of the events about one narrator line: `<roomId>.<triggerId>`. */
export const narratorEventId = (job: Pick<NarratorJob, 'roomId' | 'triggerId'>) =>
  `${job.roomId}.${job.triggerId}`;

/**
 * Draws `generation.narrator` jobs: asks the rooms service for the room's context (heroes with their
 * signs, the recent conversation, the narrator's earlier lines there), has the AI provider write the narrator's line, and hands it back as a
 * durable `narrator.replied` event (rooms stores it once and pushes it to the room's sockets). A job that
 * fails for good is announced as `narrator.failed`, with `quotaExceeded` when the AI quota ran out.
 */
@Injectable()
export class NarratorWorker extends GenerationWorker.of({
  queue: JobQueues.narrator,
  concurrency: (config) => config.NARRATOR_CONCURRENCY,
  eventId: narratorEventId,
  describe: (job) => `The narrator's line for ${job.triggerId} in room ${job.roomId}`,
  failedEvent: 'narrator.failed',
  failure: ({ roomId, triggerId }, failure) => ({ roomId, triggerId, ...failure }),
}) {
  override onModuleInit(): void {
    // The local narrator's tagger takes about a second to load: at start, not on a room's first line.
    if (this.ai.name === 'local') prepareLocalNarrator();
    super.onModuleInit();
  }

  protected async run(data: NarratorJob): Promise<string> {
    // A room closed since the job was queued is given up on; rooms is told, to stop the typing line.
    const context = await this.requestSubject(
      `room ${data.roomId}`,
      'rooms.narrator-context',
      { roomId: data.roomId, intro: data.intro === true },
      { announce: true },
    );
    const content = await this.callAi(() =>
      this.ai.narrate({
        roomId: data.roomId,
        triggerId: data.triggerId,
        title: context.title,
        intro: data.intro === true,
        heroes: context.heroes,
        recent: context.recent,
        // A rooms service older than this field tells none: the narrator then knows only the recent lines.
        earlierNarration: context.earlierNarration ?? [],
      }),
    );
    await this.bus.emitEvent(
      'narrator.replied',
      { roomId: data.roomId, triggerId: data.triggerId, content, provider: this.ai.name },
      this.eventOptions(data),
    );
    return `Narrated ${data.triggerId} in room ${data.roomId}`;
  }
}
