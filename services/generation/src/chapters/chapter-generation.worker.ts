import { Injectable } from '@nestjs/common';
import { planStory, revisePlan, sceneOfChapter } from '@starborn/ai';
import {
  chapterGenerationJobId,
  JobQueues,
  type ChapterGenerationJob,
  type ChapterSceneDocument,
  type StoryPlanDocument,
} from '@starborn/contracts';
import { GenerationWorker } from '../generation.worker.js';
import { storyPlanOf } from './story-documents.js';

/** The id of the events about one attempt at one chapter: `chapter.<storyBookId>.<n>.<attempt>`. */
export const chapterEventId = (job: ChapterGenerationJob) => chapterGenerationJobId(job);

/**
 * Draws `generation.chapter` jobs: asks heroes for the hero's profile and storybook for the story so
 * far (its plan and every chapter before), makes the plan with the first chapter or revises it for
 * this one (a book that grew with a chapter pack has its arc spread over the new length), has the AI
 * provider write the chapter from the plan, and announces it to the storybook service as a durable
 * `chapter.generated` event carrying the revised plan and the chapter's scene. A job that fails for
 * good is announced as `chapter.generation-failed`, with `quotaExceeded` when the AI quota ran out.
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
    const story = await this.requestSubject(`storybook ${data.storyBookId}`, 'storybook.story-context', {
      storyBookId: data.storyBookId,
      chapterNumber: data.chapterNumber,
    });
    const hero = { ...profile, heroId: data.heroId };
    const { chapterNumber, chaptersTotalCount } = data;
    const previousChapters = story.previousChapters;
    const plan = revisePlan(
      storyPlanOf(story.storyPlan) ?? planStory(hero, { chaptersTotalCount, backstory: profile.backstory }),
      { chapterNumber, chaptersTotalCount, previousChapters },
    );
    const chapter = await this.callAi(() =>
      this.ai.writeChapter({
        hero,
        chapterNumber,
        chaptersTotalCount,
        previousChapter: previousChapters.at(-1) ?? data.previousChapter ?? null,
        previousChapters,
        plan,
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
        storyPlan: plan as unknown as StoryPlanDocument,
        scene: sceneOfChapter(plan, chapterNumber) as unknown as ChapterSceneDocument,
      },
      this.eventOptions(data),
    );
    return `Wrote chapter ${data.chapterNumber} of storybook ${data.storyBookId} (attempt ${data.attempt})`;
  }
}
