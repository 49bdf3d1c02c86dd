import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { JobQueues, narratorJobId, type NarratorJob } from '@starborn/contracts';
import { JobQueue } from '@starborn/messaging';
import { BASE_CONFIG, type BaseConfig } from '@starborn/runtime';

/** The producer side of `generation.narrator`: rooms asks, the generation workers write the line. */
@Injectable()
export class NarratorQueue implements OnApplicationShutdown {
  private readonly logger = new Logger(NarratorQueue.name);
  private readonly queue: JobQueue<NarratorJob>;

  constructor(@Inject(BASE_CONFIG) config: BaseConfig) {
    this.queue = new JobQueue(JobQueues.narrator, { url: config.REDIS_URL, prefix: config.REDIS_PREFIX });
  }

  /**
   * Asks for the narrator's next line (a no-op when a job with its id is still kept). A failure is only
   * logged: the message that triggered it is stored and shown, and the narrator speaks at the next turn.
   */
  async ask(job: NarratorJob): Promise<boolean> {
    try {
      await this.queue.add(job, narratorJobId(job));
      return true;
    } catch (error) {
      this.logger.warn(`Narrator not asked for room ${job.roomId} (${(error as Error).message})`);
      return false;
    }
  }

  /**
   * Cancels the room's narrator jobs for these triggers that have not started (a closed room). Best
   * effort: a job that runs anyway finds the room closed and writes nothing.
   */
  async cancel(roomId: string, triggerIds: string[]): Promise<void> {
    try {
      await this.queue.cancel(triggerIds.map((triggerId) => narratorJobId({ roomId, triggerId })));
    } catch (error) {
      this.logger.warn(`Narrator jobs of room ${roomId} not cancelled (${(error as Error).message})`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
