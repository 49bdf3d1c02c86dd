/**
 * Slow work runs as BullMQ jobs on named queues (not request/reply). Retry, backoff and retention
 * are set here, per queue, in one place.
 */
export interface HeroGenerationJob {
  heroId: string;
  /** Which generation of this hero (Try Again starts the next); part of the deterministic job id. */
  attempt: number;
}

/**
 * Write one chapter of a storybook. Chapters are written in order, so the job carries the summary of
 * the chapter before (null for chapter 1) and the writer continues the story from it; the hero's
 * profile comes from heroes. `attempt` grows when a chapter that failed for good is asked again.
 */
export interface ChapterGenerationJob {
  storyBookId: string;
  heroId: string;
  chapterNumber: number;
  chaptersTotalCount: number;
  previousChapter: { chapterNumber: number; title: string; summary: string } | null;
  attempt: number;
}

/** Release the next chapter of a premium storybook (`chapterNumber` is the one it unlocks). */
export interface ChapterReleaseJob {
  storyBookId: string;
  chapterNumber: number;
}

export interface JobQueueDefinition {
  name: string;
  attempts: number;
  backoffMs: number;
  /** How many times a job whose worker vanished is picked up again. */
  maxStalledCount: number;
}

export const JobQueues = {
  heroGeneration: { name: 'generation.hero', attempts: 3, backoffMs: 2_000, maxStalledCount: 3 },
  narrator: { name: 'generation.narrator', attempts: 3, backoffMs: 1_000, maxStalledCount: 3 },
  chapterGeneration: { name: 'generation.chapter', attempts: 3, backoffMs: 2_000, maxStalledCount: 3 },
  /** One delayed job per storybook, due at its next release time. */
  chapterRelease: { name: 'storybook.release', attempts: 5, backoffMs: 5_000, maxStalledCount: 3 },
  /** A repeatable sweep that makes every due release a lost delayed job did not make. */
  releaseReconciliation: { name: 'storybook.reconcile', attempts: 1, backoffMs: 0, maxStalledCount: 3 },
} as const satisfies Record<string, JobQueueDefinition>;

export const heroGenerationJobId = (job: HeroGenerationJob) => `hero.${job.heroId}.${job.attempt}`;
export const chapterGenerationJobId = (job: ChapterGenerationJob) =>
  `chapter.${job.storyBookId}.${job.chapterNumber}.${job.attempt}`;
export const chapterReleaseJobId = (job: ChapterReleaseJob) =>
  `release.${job.storyBookId}.${job.chapterNumber}`;
export const narratorJobId = (job: { roomId: string; triggerId: string }) =>
  `narrator.${job.roomId}.${job.triggerId}`;
