import { Inject, Injectable } from '@nestjs/common';
import { chapterIllustrationJobId, JobQueues, type ChapterIllustrationJob } from '@starborn/contracts';
import type { ObjectStorage } from '@starborn/storage';
import { plannedSceneOf } from '../chapters/story-documents.js';
import { GenerationWorker } from '../generation.worker.js';
import { renderIllustrationVariants, storeImageVariants } from '../media/image-variants.js';
import { OBJECT_STORAGE } from '../tokens.js';

/** Storage keys (without extension; each stored as .png and .webp) of one chapter's illustration. */
export const illustrationKeys = (job: { storyBookId: string; chapterNumber: number }) => {
  const base = `storybooks/${job.storyBookId}/chapters/${job.chapterNumber}`;
  return { fullKey: `${base}/full`, previewKey: `${base}/preview` };
};

/**
 * Draws `generation.illustration` jobs: asks heroes for the hero's profile, has the AI provider draw
 * the chapter's scene with the hero in it, stores full and preview variants (PNG and WebP) and
 * announces them to the storybook service as a durable `chapter.illustrated` event. A job that fails
 * for good is announced as `chapter.illustration-failed`.
 */
@Injectable()
export class ChapterIllustrationWorker extends GenerationWorker.of({
  queue: JobQueues.chapterIllustration,
  concurrency: (config) => config.ILLUSTRATION_CONCURRENCY,
  eventId: chapterIllustrationJobId,
  describe: (job) => `Illustration of chapter ${job.chapterNumber} of storybook ${job.storyBookId}`,
  failedEvent: 'chapter.illustration-failed',
  failure: ({ storyBookId, chapterNumber, attempt }, failure) => ({
    storyBookId,
    chapterNumber,
    attempt,
    ...failure,
  }),
}) {
  // A property, so the base's constructor (and what Nest injects into it) stays the kind's own.
  @Inject(OBJECT_STORAGE) private readonly storage!: ObjectStorage;

  protected async run(data: ChapterIllustrationJob): Promise<string> {
    // A hero deleted since the job was queued is given up on, and what an earlier attempt stored goes.
    const profile = await this.stillThere(data);
    const illustration = await this.callAi(() =>
      this.ai.illustrateChapter({
        hero: { ...profile, heroId: data.heroId },
        chapterNumber: data.chapterNumber,
        title: data.title,
        markdown: data.content,
        scene: plannedSceneOf(data.scene),
        cast: data.cast,
      }),
    );
    const { width, height } = illustration;
    const keys = illustrationKeys(data);
    const variants = await renderIllustrationVariants(illustration.png, { width, height });
    await this.stillThere(data);
    // A write that fails because the story's folder is being deleted fails the job as the deletion.
    await storeImageVariants(this.storage, keys, variants).catch(async (error: unknown) => {
      await this.stillThere(data);
      throw error;
    });
    // Asked after the write: a deletion that ran meanwhile removed the hero first, so this deletes it.
    await this.stillThere(data);
    await this.bus.emitEvent(
      'chapter.illustrated',
      {
        storyBookId: data.storyBookId,
        chapterNumber: data.chapterNumber,
        attempt: data.attempt,
        ...keys,
        width,
        height,
        alt: illustration.alt,
        provider: this.ai.name,
      },
      this.eventOptions(data),
    );
    return `Illustrated chapter ${data.chapterNumber} of storybook ${data.storyBookId} (attempt ${data.attempt})`;
  }

  /** The hero's profile; a hero deleted meanwhile fails the job for good, the illustration deleted. */
  private stillThere(data: ChapterIllustrationJob) {
    const { fullKey, previewKey } = illustrationKeys(data);
    const stored = [fullKey, previewKey].flatMap((key) => [`${key}.png`, `${key}.webp`]);
    return this.requestSubject(
      `hero ${data.heroId}`,
      'heroes.generation-profile',
      { heroId: data.heroId },
      { onGone: () => Promise.all(stored.map((key) => this.storage.delete(key))) },
    );
  }
}
