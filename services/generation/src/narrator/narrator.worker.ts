import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { AiProvider } from '@starborn/ai';
import { JobQueues, type NarratorContext, type NarratorJob } from '@starborn/contracts';
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

/** The id of the events about one narrator line: `<roomId>.<triggerId>`. */
export const narratorEventId = (job: Pick<NarratorJob, 'roomId' | 'triggerId'>) =>
  `${job.roomId}.${job.triggerId}`;

/**
 * Draws `generation.narrator` jobs: asks the rooms service for the room's context (heroes with their
 * signs, the recent conversation), has the AI provider write the narrator's line, and hands it back as a
 * durable `narrator.replied` event (rooms stores it once and pushes it to the room's sockets). A job that
 * fails for good is announced as `narrator.failed`, with `quotaExceeded` when the AI quota ran out.
 */
@Injectable()
export class NarratorWorker implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(NarratorWorker.name);
  private worker?: Worker<NarratorJob>;
  private readonly redis: Redis;
  private readonly quota: AiQuotaFlag;

  constructor(
    private readonly bus: MessageBus,
    @Inject(AI_PROVIDER) private readonly ai: AiProvider,
    @Inject(GENERATION_CONFIG) private readonly config: GenerationConfig,
  ) {
    this.redis = createRedisConnection(
      { url: config.REDIS_URL, prefix: config.REDIS_PREFIX },
      'generation:narrator-quota',
    );
    this.quota = new AiQuotaFlag(this.redis, config.REDIS_PREFIX);
  }

  onModuleInit(): void {
    this.worker = createJobWorker<NarratorJob>(JobQueues.narrator, (job) => this.narrate(job), {
      url: this.config.REDIS_URL,
      prefix: this.config.REDIS_PREFIX,
      concurrency: this.config.NARRATOR_CONCURRENCY,
      worker: {
        lockDuration: this.config.GENERATION_LOCK_MS,
        stalledInterval: this.config.GENERATION_LOCK_MS,
      },
    });
    this.worker.on('failed', (job, error) => void this.onFailed(job, error));
    this.worker.on('error', (error) => this.logger.error(`Worker error: ${error.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.redis.quit().catch(() => undefined);
  }

  async narrate(job: Job<NarratorJob>): Promise<void> {
    const data = job.data;
    const invalid = invalidJob(data);
    if (invalid) throw new UnrecoverableError(`invalid narrator job: ${invalid}`);
    const started = performance.now();
    const context = await this.context(data);
    let content: string;
    try {
      content = await this.ai.narrate({
        roomId: data.roomId,
        triggerId: data.triggerId,
        title: context.title,
        intro: data.intro === true,
        heroes: context.heroes,
        recent: context.recent,
      });
    } catch (error) {
      return failJobForAiError(error, this.quota);
    }
    await this.quota.clear();
    await this.bus.emitEvent(
      'narrator.replied',
      { roomId: data.roomId, triggerId: data.triggerId, content, provider: this.ai.name },
      { eventId: narratorEventId(data) },
    );
    this.logger.log(
      `Narrated ${data.triggerId} in room ${data.roomId} in ${Math.round(performance.now() - started)} ms`,
    );
  }

  /** The room as rooms tells it; a room that does not exist fails the job for good. */
  private async context(job: NarratorJob): Promise<NarratorContext> {
    try {
      return await this.bus.request('rooms.narrator-context', {
        roomId: job.roomId,
        intro: job.intro === true,
      });
    } catch (error) {
      if (error instanceof RemoteError && error.status === 404) {
        throw new UnrecoverableError(`room ${job.roomId} not found`);
      }
      throw error;
    }
  }

  private async onFailed(job: Job<NarratorJob> | undefined, error: Error): Promise<void> {
    if (!job || !isFinalFailure(job, error)) return;
    const { roomId, triggerId } = job.data;
    this.logger.warn(
      `The narrator's line for ${triggerId} in room ${roomId} failed for good: ${error.message}`,
    );
    if (invalidJob(job.data)) return; // nobody to tell
    await this.bus
      .emitEvent(
        'narrator.failed',
        { roomId, triggerId, reason: error.message, quotaExceeded: isQuotaFailure(error) },
        { eventId: `${narratorEventId(job.data)}.failed` },
      )
      .catch((emitError: Error) =>
        this.logger.error(`Could not report the narrator's failure in room ${roomId}: ${emitError.message}`),
      );
  }
}

/** Why a job cannot be narrated at all (a producer's bug), or null. */
function invalidJob(job: NarratorJob): string | null {
  const id = (value: unknown) => typeof value === 'string' && value.length > 0 && !value.includes(':');
  if (!id(job?.roomId)) return 'roomId must be a non-empty string without ":"';
  if (!id(job.triggerId)) return 'triggerId must be a non-empty string without ":"';
  return null;
}
