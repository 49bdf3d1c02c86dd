import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { AiQuotaExceededError, type AiProvider } from '@starborn/ai';
import { JobQueues, type GeneratedImageRef, type HeroGenerationJob } from '@starborn/contracts';
import {
  AiQuotaFlag,
  createJobWorker,
  createRedisConnection,
  isFinalFailure,
  MessageBus,
} from '@starborn/messaging';
import type { ObjectStorage } from '@starborn/storage';
import type { Job, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { failJobForAiError, isQuotaFailure } from '../ai-failures.js';
import { GENERATION_CONFIG, type GenerationConfig } from '../config.js';
import { renderHeroVariants } from '../media/hero-variants.js';
import { AI_PROVIDER, OBJECT_STORAGE } from '../tokens.js';

/** Storage keys (without extension) of one image of one hero. */
export const heroMediaKeys = (heroId: string, angle: string) => ({
  fullKey: `heroes/${heroId}/full/${angle}`,
  previewKey: `heroes/${heroId}/preview/${angle}`,
});

/**
 * Draws `generation.hero` jobs: asks heroes for the hero's profile, has the AI provider paint three
 * images and write the backstory, stores every variant, then announces the result as a durable event.
 * A worker killed mid-job leaves the job stalled, and BullMQ hands it to another worker.
 */
@Injectable()
export class HeroGenerationWorker implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(HeroGenerationWorker.name);
  private worker?: Worker<HeroGenerationJob>;
  private readonly redis: Redis;
  private readonly quota: AiQuotaFlag;

  constructor(
    private readonly bus: MessageBus,
    @Inject(AI_PROVIDER) private readonly ai: AiProvider,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(GENERATION_CONFIG) private readonly config: GenerationConfig,
  ) {
    const connection = { url: config.REDIS_URL, prefix: config.REDIS_PREFIX };
    this.redis = createRedisConnection(connection, 'generation:quota');
    this.quota = new AiQuotaFlag(this.redis, config.REDIS_PREFIX);
  }

  onModuleInit(): void {
    this.worker = createJobWorker<HeroGenerationJob>(JobQueues.heroGeneration, (job) => this.generate(job), {
      url: this.config.REDIS_URL,
      prefix: this.config.REDIS_PREFIX,
      concurrency: this.config.GENERATION_CONCURRENCY,
      worker: {
        lockDuration: this.config.GENERATION_LOCK_MS,
        stalledInterval: this.config.GENERATION_LOCK_MS,
      },
    });
    this.worker.on('failed', (job, error) => void this.onFailed(job, error));
    this.worker.on('error', (error) => this.logger.error(`Worker error: ${error.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    // Lets the jobs in flight finish; nothing new is taken meanwhile.
    await this.worker?.close();
    await this.redis.quit().catch(() => undefined);
  }

  async generate(job: Job<HeroGenerationJob>): Promise<void> {
    const { heroId, attempt } = job.data;
    const started = performance.now();
    const profile = await this.bus.request('heroes.generation-profile', { heroId });
    let images, backstory;
    try {
      // Both calls settle before deciding, so an exhausted quota is recognised whichever call failed first.
      const [imagesResult, backstoryResult] = await Promise.allSettled([
        this.ai.generateHeroImages({ ...profile, heroId }),
        this.ai.generateBackstory({ ...profile, heroId }),
      ]);
      const failures = [imagesResult, backstoryResult].flatMap((result) =>
        result.status === 'rejected' ? [result.reason as unknown] : [],
      );
      if (failures.length > 0) {
        throw failures.find((failure) => failure instanceof AiQuotaExceededError) ?? failures[0];
      }
      images = (imagesResult as PromiseFulfilledResult<Awaited<ReturnType<AiProvider['generateHeroImages']>>>)
        .value;
      backstory = (backstoryResult as PromiseFulfilledResult<string>).value;
    } catch (error) {
      return failJobForAiError(error, this.quota);
    }
    const refs: GeneratedImageRef[] = [];
    for (const [position, image] of images.entries()) {
      const keys = heroMediaKeys(heroId, image.angle);
      const variants = await renderHeroVariants(image.png, position);
      await Promise.all([
        this.storage.put(`${keys.fullKey}.png`, variants.fullPng, 'image/png'),
        this.storage.put(`${keys.fullKey}.webp`, variants.fullWebp, 'image/webp'),
        this.storage.put(`${keys.previewKey}.png`, variants.previewPng, 'image/png'),
        this.storage.put(`${keys.previewKey}.webp`, variants.previewWebp, 'image/webp'),
      ]);
      refs.push({ angle: image.angle, prompt: image.prompt, ...keys });
    }
    await this.quota.clear();
    await this.bus.emitEvent(
      'hero.generated',
      { heroId, attempt, images: refs, backstory, provider: this.ai.name },
      { eventId: `${heroId}.${attempt}` },
    );
    this.logger.log(
      `Generated hero ${heroId} (attempt ${attempt}) in ${Math.round(performance.now() - started)} ms`,
    );
  }

  private async onFailed(job: Job<HeroGenerationJob> | undefined, error: Error): Promise<void> {
    if (!job || !isFinalFailure(job, error)) return;
    const { heroId, attempt } = job.data;
    this.logger.warn(`Generation of hero ${heroId} failed for good: ${error.message}`);
    await this.bus
      .emitEvent(
        'hero.generation-failed',
        { heroId, attempt, reason: error.message, quotaExceeded: isQuotaFailure(error) },
        { eventId: `${heroId}.${attempt}.failed` },
      )
      .catch((emitError: Error) =>
        this.logger.error(`Could not report the failure of ${heroId}: ${emitError.message}`),
      );
  }
}
