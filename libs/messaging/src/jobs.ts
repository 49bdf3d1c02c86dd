import { Logger } from '@nestjs/common';
import type { JobQueueDefinition } from '@starborn/contracts';
import { Queue, UnrecoverableError, Worker, type Job, type Processor, type WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { jobMeta, metaJobOptions, outgoingMeta, runWithMeta } from './correlation.js';
import { measureJob, trackWorker } from './metrics.js';
import type { RedisConnectionOptions } from './options.js';
import { createRedisConnection } from './redis.js';

/**
 * A payload of exactly the queue's type. Payload types are structural, so a chapter job (which carries
 * a heroId and an attempt) would otherwise pass for a hero job; a property the queue's payload does not
 * declare is refused at compile time.
 */
export type ExactPayload<Data, Given extends Data> = Given & Record<Exclude<keyof Given, keyof Data>, never>;

/**
 * How long finished jobs are kept: their payloads name heroes and carry prompts and chapter texts, so a
 * completed job goes after an hour and a failed one after a day (time for an operator to look); the
 * counts bound each queue under load. docs/security/account-deletion.md gives the figures.
 */
export const JOB_RETENTION = {
  removeOnComplete: { age: 3600, count: 1_000 },
  removeOnFail: { age: 24 * 3600, count: 1_000 },
} as const;

/**
 * Slow work on named BullMQ queues. Retries, backoff, retention and the payload type come from the
 * queue's definition in libs/contracts, so producers and workers cannot disagree about them.
 */
export class JobQueue<Data> {
  private readonly queue: Queue;
  private readonly connection: Redis;

  constructor(
    private readonly definition: JobQueueDefinition<Data>,
    options: RedisConnectionOptions,
  ) {
    this.connection = createRedisConnection(options, `${definition.name}:producer`);
    this.queue = new Queue(definition.name, { connection: this.connection, prefix: options.prefix });
  }

  /**
   * Adds a job; a job id already present (waiting, delayed, running or kept) means this call adds
   * nothing. `delayMs` holds the job back until then (a scheduled release).
   */
  async add<Given extends Data>(
    data: ExactPayload<Data, Given>,
    jobId: string,
    { delayMs = 0 }: { delayMs?: number } = {},
  ): Promise<void> {
    await this.queue.add(this.definition.name, data, {
      jobId,
      delay: Math.max(0, Math.round(delayMs)),
      attempts: this.definition.attempts,
      backoff: { type: 'exponential', delay: this.definition.backoffMs },
      ...JOB_RETENTION,
      // The correlation id of the request that caused the job reaches its worker (and its logs).
      ...metaJobOptions(outgoingMeta()),
    });
  }

  /**
   * Creates or updates a repeatable job (BullMQ job scheduler) that runs every `everyMs`; calling
   * it again with the same id is harmless, so it can be re-asserted after Redis lost its data.
   */
  async repeatEvery(schedulerId: string, everyMs: number, data: Data): Promise<void> {
    await this.queue.upsertJobScheduler(
      schedulerId,
      { every: everyMs },
      {
        name: this.definition.name,
        data,
        opts: { removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
      },
    );
  }

  /**
   * Removes the jobs of these ids that have not started (waiting, delayed, or waiting to retry); a
   * running job is left to finish. Ids of no job are skipped. Answers how many were removed.
   */
  async cancel(jobIds: string[]): Promise<number> {
    const removed = await Promise.all(jobIds.map((jobId) => this.queue.remove(jobId)));
    return removed.filter((count) => count > 0).length;
  }

  /** Jobs waiting to start (for autoscaling and metrics). */
  waitingCount(): Promise<number> {
    return this.queue.getWaitingCount();
  }

  async close(): Promise<void> {
    await this.queue.close();
    await this.connection.quit().catch(() => undefined);
  }
}

/**
 * A job whose payload fails its queue's check: it fails for good at once (retrying cannot mend it),
 * and its worker's own failure handling never sees the payload it could not trust.
 */
export class InvalidJobError extends UnrecoverableError {
  constructor(queueName: string, reason: string) {
    super(`invalid ${queueName} job: ${reason}`);
  }
}

/**
 * A job whose subject (hero, storybook, room) was deleted: it fails for good, nobody is told (there is
 * nobody left to tell), and its record goes at once, since it names the deleted subject.
 */
export class SubjectGoneError extends UnrecoverableError {
  constructor(what: string) {
    super(`${what} not found`);
    this.name = 'SubjectGoneError';
  }
}

export interface JobWorkerOptions extends RedisConnectionOptions {
  concurrency?: number;
  worker?: Partial<WorkerOptions>;
}

/**
 * A BullMQ worker on a queue from libs/contracts. Every job is checked against the queue's definition
 * before its processor runs (an invalid payload fails for good and is logged here), runs in the
 * context it was added in, and is timed and counted; worker errors (Redis gone) are logged.
 */
export function createJobWorker<Data>(
  definition: JobQueueDefinition<Data>,
  processor: Processor<Data>,
  options: JobWorkerOptions,
): Worker<Data> {
  const logger = new Logger(`Jobs ${definition.name}`);
  const connection = createRedisConnection(options, `${definition.name}:worker`);
  const checked: Processor<Data> = (job, token, signal) => {
    const invalid = definition.invalid?.(job.data) ?? null;
    if (invalid !== null) {
      logger.warn(`Job ${job.id} refused without retry: ${invalid}`);
      throw new InvalidJobError(definition.name, invalid);
    }
    return processor(job, token, signal);
  };
  // Each job runs in the context it was added in (correlation id), timed and counted per queue.
  const instrumented: Processor<Data> = (job, token, signal) =>
    runWithMeta(jobMeta(job), () => measureJob(definition.name, job, () => checked(job, token, signal)));
  const worker = new Worker<Data>(definition.name, instrumented, {
    connection,
    prefix: options.prefix,
    concurrency: options.concurrency ?? 1,
    maxStalledCount: definition.maxStalledCount,
    ...options.worker,
  });
  trackWorker(worker, options.prefix);
  worker.on('error', (error) => logger.error(`Worker error: ${error.message}`));
  // BullMQ leaves a connection it was given open; this one is the worker's alone.
  worker.on('closed', () => void connection.quit().catch(() => undefined));
  return worker;
}

/** True when a failed job will not be tried again. */
export function isFinalFailure(job: Job | undefined, error?: Error): boolean {
  if (!job) return false;
  if (error instanceof UnrecoverableError || error?.name === 'UnrecoverableError') return true;
  return job.attemptsMade >= (job.opts.attempts ?? 1);
}
