import { Injectable } from '@nestjs/common';
import { chapterGenerationJobId, JobQueues, type ChapterGenerationJob } from '@starborn/contracts';
import { GenerationWorker } from '../generation.worker.js';

/** The id of the events about one attempt at one chapter: `chapter.<storyBookId>.<n>.<attempt>`. */
export const chapterEventId = (job: ChapterGenerationJob) => chapterGenerationJobId(job);

/**
 * Draws `generation.chapter` jobs: asks heroes for the hero's profile, has the AI provider write the
 * chapter (continuing from the previous chapter's summary carried by the job), and announces it to
 * the storybook service as a durable `chapter.generated` event. A job that fails for good is
 * announced as `chapter.generation-failed`, with `quotaExceeded` when the AI quota ran out.
 */
@Injectable()
export class ChapterGenerationWorker extends GenerationWorker.of({
  queue: JobQueues.chapterGeneration,
  concurrency: (config) => config.CHAPTER_GENERATION_CONCURRENCY,
  eventId: chapterEventId,
  describe: (job) => `Chapter ${job.chapterNumber} of storybook ${job.storyBookId}`,
  failedEvent: 'chapter.generation-failed',
  failure: ({ storyBookId, chapterNumber, attempt }, failure) => ({
    storyBookId,
    chapterNumber,
    attempt,
    ...failure,
  }),
}) {
  protected async run(data: ChapterGenerationJob): Promise<string> {
    // A hero deleted since the job was queued is given up on.
    const profile = await this.requestSubject(`hero ${data.heroId}`, 'heroes.generation-profile', {
      heroId: data.heroId,
    });
    const chapter = await this.callAi(() =>
      this.ai.writeChapter({
        hero: { ...profile, heroId: data.heroId },
        chapterNumber: data.chapterNumber,
        chaptersTotalCount: data.chaptersTotalCount,
        previousChapter: data.previousChapter ?? null,
      }),
    );
    await this.bus.emitEvent(
      'chapter.generated',
      {
        storyBookId: data.storyBookId,
        chapterNumber: data.chapterNumber,
        attempt: data.attempt,
        title: chapter.title,
        content: chapter.markdown,
        summary: chapter.summary,
        provider: this.ai.name,
      },
      this.eventOptions(data),
    );
    return `Wrote chapter ${data.chapterNumber} of storybook ${data.storyBookId} (attempt ${data.attempt})`;
  }
}
