import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { AiProvider, WrittenChapter } from '@starborn/ai';
import {
  chapterGenerationJobId,
  JobQueues,
  type ChapterGenerationJob,
  type HeroProfileDto,
} from '@starborn/contracts';
import {
  AiQuotaFlag,
  createJobWorker,
  createRedisConnection,
  isFinalFailure,
  MessageBus,
  RemoteError,
} from '@starborn/messaging';
import { UnrecoverableError, type Job, type Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { failJobForAiError, isQuotaFailure } from '../ai-failures.js';
import { GENERATION_CONFIG, type GenerationConfig } from '../config.js';
import { AI_PROVIDER } from '../tokens.js';

/** The id of the events about one attempt at one chapter: `chapter.<storyBookId>.<n>.<attempt>`. */
export const chapterEventId = (job: ChapterGenerationJob) => chapterGenerationJobId(job);

/**
 * Draws `generation.chapter` jobs: asks heroes for the hero's profile, has the AI provider write the
 * chapter (continuing from the previous chapter's summary carried by the job), and announces it to
 * the storybook service as a durable `chapter.generated` event. A job that fails for good is
 * announced as `chapter.generation-failed`, with `quotaExceeded` when the AI quota ran out.
 */
@Injectable()
export class ChapterGenerationWorker implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ChapterGenerationWorker.name);
  private worker?: Worker<ChapterGenerationJob>;
  private readonly redis: Redis;
  private readonly quota: AiQuotaFlag;

  constructor(
    private readonly bus: MessageBus,
    @Inject(AI_PROVIDER) private readonly ai: AiProvider,
    @Inject(GENERATION_CONFIG) private readonly config: GenerationConfig,
  ) {
    this.redis = createRedisConnection(
      { url: config.REDIS_URL, prefix: config.REDIS_PREFIX },
      'generation:chapter-quota',
    );
    this.quota = new AiQuotaFlag(this.redis, config.REDIS_PREFIX);
  }

  onModuleInit(): void {
    this.worker = createJobWorker<ChapterGenerationJob>(
      JobQueues.chapterGeneration,
      (job) => this.write(job),
      {
        url: this.config.REDIS_URL,
        prefix: this.config.REDIS_PREFIX,
        concurrency: this.config.CHAPTER_GENERATION_CONCURRENCY,
        worker: {
          lockDuration: this.config.GENERATION_LOCK_MS,
          stalledInterval: this.config.GENERATION_LOCK_MS,
        },
      },
    );
    this.worker.on('failed', (job, error) => void this.onFailed(job, error));
    this.worker.on('error', (error) => this.logger.error(`Worker error: ${error.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    // Lets the chapters in flight finish; nothing new is taken meanwhile.
    await this.worker?.close();
    await this.redis.quit().catch(() => undefined);
  }

  async write(job: Job<ChapterGenerationJob>): Promise<void> {
    const data = job.data;
    const invalid = invalidJob(data);
    if (invalid) throw new UnrecoverableError(`invalid chapter job: ${invalid}`);
    const started = performance.now();
    const profile = await this.heroProfile(data.heroId);
    let chapter: WrittenChapter;
    try {
      chapter = await this.ai.writeChapter({
        hero: { ...profile, heroId: data.heroId },
        chapterNumber: data.chapterNumber,
        chaptersTotalCount: data.chaptersTotalCount,
        previousChapter: data.previousChapter ?? null,
      });
    } catch (error) {
      return failJobForAiError(error, this.quota);
    }
    await this.quota.clear();
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
      { eventId: chapterEventId(data) },
    );
    this.logger.log(
      `Wrote chapter ${data.chapterNumber} of storybook ${data.storyBookId} (attempt ${data.attempt}) in ${Math.round(performance.now() - started)} ms`,
    );
  }

  /** The hero's profile; a hero that no longer exists fails the job for good. */
  private async heroProfile(heroId: string): Promise<HeroProfileDto> {
    try {
      return await this.bus.request('heroes.generation-profile', { heroId });
    } catch (error) {
      if (error instanceof RemoteError && error.status === 404) {
        throw new UnrecoverableError(`hero ${heroId} not found`);
      }
      throw error;
    }
  }

  private async onFailed(job: Job<ChapterGenerationJob> | undefined, error: Error): Promise<void> {
    if (!job || !isFinalFailure(job, error)) return;
    const { storyBookId, chapterNumber, attempt } = job.data;
    this.logger.warn(
      `Chapter ${chapterNumber} of storybook ${storyBookId} failed for good: ${error.message}`,
    );
    await this.bus
      .emitEvent(
        'chapter.generation-failed',
        { storyBookId, chapterNumber, attempt, reason: error.message, quotaExceeded: isQuotaFailure(error) },
        { eventId: `${chapterEventId(job.data)}.failed` },
      )
      .catch((emitError: Error) =>
        this.logger.error(
          `Could not report the failure of chapter ${chapterNumber} of ${storyBookId}: ${emitError.message}`,
        ),
      );
  }
}

/** Why a job cannot be written at all (a producer's bug), or null. */
function invalidJob(job: ChapterGenerationJob): string | null {
  const positive = (n: unknown) => Number.isInteger(n) && (n as number) >= 1;
  if (typeof job.storyBookId !== 'string' || !job.storyBookId || job.storyBookId.includes(':'))
    return 'storyBookId must be a non-empty string without ":"';
  if (typeof job.heroId !== 'string' || !job.heroId) return 'heroId must be a non-empty string';
  if (!positive(job.chapterNumber) || !positive(job.chaptersTotalCount))
    return 'chapterNumber and chaptersTotalCount must be whole numbers from 1';
  if (!positive(job.attempt)) return 'attempt must be a whole number from 1';
  const previous = job.previousChapter;
  if (previous != null && (typeof previous.title !== 'string' || typeof previous.summary !== 'string'))
    return 'previousChapter must be null or carry a title and a summary';
  return null;
}
