import { Inject, Injectable } from '@nestjs/common';
import { AiQuotaExceededError, type AiProvider } from '@starborn/ai';
import { JobQueues, type GeneratedImageRef, type HeroGenerationJob } from '@starborn/contracts';
import { MessageBus } from '@starborn/messaging';
import type { ObjectStorage } from '@starborn/storage';
import { GENERATION_CONFIG, type GenerationConfig } from '../config.js';
import { GenerationQuota } from '../generation-quota.js';
import { GenerationWorker, type GenerationJobKind } from '../generation.worker.js';
import { renderHeroVariants, storeImageVariants } from '../media/image-variants.js';
import { AI_PROVIDER, OBJECT_STORAGE } from '../tokens.js';

/**
 * Storage keys (without extension) of one image of one art version of a hero: the first art (variant 0)
 * keeps its original keys, each recreation has a folder of its own, so no version overwrites another.
 */
export const heroMediaKeys = (heroId: string, angle: string, variant = 0) =>
  variant === 0
    ? { fullKey: `heroes/${heroId}/full/${angle}`, previewKey: `heroes/${heroId}/preview/${angle}` }
    : {
        fullKey: `heroes/${heroId}/art/v${variant}/full/${angle}`,
        previewKey: `heroes/${heroId}/art/v${variant}/preview/${angle}`,
      };

/** Where every stored object of a hero lives (heroes deletes the same folder with the hero). */
export const heroMediaPrefix = (heroId: string) => `heroes/${heroId}/`;

/** The id of the events about one generation of one hero: `<heroId>.<attempt>`, `<heroId>.v<variant>.<attempt>` for a recreation. */
export const heroEventId = (job: HeroGenerationJob) =>
  job.variant ? `${job.heroId}.v${job.variant}.${job.attempt}` : `${job.heroId}.${job.attempt}`;

const HERO_JOBS: GenerationJobKind<HeroGenerationJob, 'hero.generation-failed'> = {
  queue: JobQueues.heroGeneration,
  concurrency: (config) => config.GENERATION_CONCURRENCY,
  eventId: heroEventId,
  describe: (job) =>
    job.variant ? `Art version ${job.variant} of hero ${job.heroId}` : `Generation of hero ${job.heroId}`,
  failedEvent: 'hero.generation-failed',
  failure: ({ heroId, attempt, variant }, failure) => ({
    heroId,
    attempt,
    ...(variant ? { variant } : {}),
    ...failure,
  }),
};

/**
 * Draws `generation.hero` jobs: asks heroes for the hero's profile, has the AI provider paint three
 * images and write the backstory, stores every variant, then announces the result as a durable event.
 * A job with a variant (1…3) is a recreation of a premium hero's art: images only, that variant asked
 * of the provider and stored under the version's own keys; the backstory stays as written.
 * A worker killed mid-job leaves the job stalled, and BullMQ hands it to another worker.
 */
@Injectable()
export class HeroGenerationWorker extends GenerationWorker<HeroGenerationJob> {
  constructor(
    bus: MessageBus,
    quota: GenerationQuota,
    @Inject(AI_PROVIDER) ai: AiProvider,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(GENERATION_CONFIG) config: GenerationConfig,
  ) {
    super(HERO_JOBS, bus, quota, ai, config);
  }

  protected async run(data: HeroGenerationJob): Promise<string> {
    const { heroId, attempt } = data;
    const variant = data.variant ?? 0;
    // A hero deleted since the job was queued is given up on, and what an earlier attempt stored goes.
    const profile = await this.stillThere(heroId);
    const [images, backstory] = await this.callAi(async () => {
      // Both calls settle before deciding, so an exhausted quota is recognised whichever call failed first.
      const [imagesResult, backstoryResult] = await Promise.allSettled([
        this.ai.generateHeroImages({ ...profile, heroId }, { variant }),
        // A recreation makes new art only: the hero keeps its backstory.
        variant === 0 ? this.ai.generateBackstory({ ...profile, heroId }) : Promise.resolve(''),
      ]);
      if (imagesResult.status === 'fulfilled' && backstoryResult.status === 'fulfilled') {
        return [imagesResult.value, backstoryResult.value] as const;
      }
      const failures = [imagesResult, backstoryResult].flatMap((result) =>
        result.status === 'rejected' ? [result.reason as unknown] : [],
      );
      throw failures.find((failure) => failure instanceof AiQuotaExceededError) ?? failures[0];
    });
    // The three pictures' variants are encoded at once: each encode is one thread of the image library.
    const rendered = await Promise.all(
      images.map(async (image, position) => ({
        image,
        keys: heroMediaKeys(heroId, image.angle, variant),
        variants: await renderHeroVariants(image.png, position),
      })),
    );
    await this.stillThere(heroId);
    // Every write settles before a failure is reported; one that fails because the hero's folder is
    // being deleted fails the job as the deletion.
    const writes = await Promise.allSettled(
      rendered.map(({ keys, variants }) => storeImageVariants(this.storage, keys, variants)),
    );
    const failed = writes.find((write) => write.status === 'rejected');
    if (failed) {
      await this.stillThere(heroId);
      throw failed.reason;
    }
    const refs: GeneratedImageRef[] = rendered.map(({ image, keys }) => ({
      angle: image.angle,
      prompt: image.prompt,
      ...keys,
    }));
    // Asked after the last write: a deletion that removed the hero's folder before a write landed
    // removed the hero first, so this finds it gone and deletes what landed.
    await this.stillThere(heroId);
    await this.bus.emitEvent(
      'hero.generated',
      {
        heroId,
        attempt,
        images: refs,
        backstory,
        provider: this.ai.name,
        ...(variant ? { variant } : {}),
      },
      this.eventOptions(data),
    );
    return variant
      ? `Made art version ${variant} of hero ${heroId} (attempt ${attempt})`
      : `Generated hero ${heroId} (attempt ${attempt})`;
  }

  /** The hero's profile; a hero deleted meanwhile fails the job for good, its stored images deleted. */
  private stillThere(heroId: string) {
    return this.requestSubject(
      `hero ${heroId}`,
      'heroes.generation-profile',
      { heroId },
      { onGone: () => this.storage.deletePrefix(heroMediaPrefix(heroId)) },
    );
  }
}
