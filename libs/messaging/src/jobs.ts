import type { JobQueueDefinition } from '@starborn/contracts';
import { Queue, Worker, type Job, type Processor, type WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { jobMeta, metaJobOptions, outgoingMeta, runWithMeta } from './correlation.js';
import { measureJob, trackWorker } from './metrics.js';
import type { RedisConnectionOptions } from './options.js';
import { createRedisConnection } from './redis.js';

/**
 * Slow work on named BullMQ queues. Retries, backoff and retention come from the queue's definition
 * in libs/contracts, so producers and workers cannot disagree about them.
 */
export class JobQueue<Data> {
  private readonly queue: Queue;
  private readonly connection: Redis;

  constructor(
    private readonly definition: JobQueueDefinition,
    options: RedisConnectionOptions,
  ) {
    this.connection = createRedisConnection(options, `${definition.name}:producer`);
    this.queue = new Queue(definition.name, { connection: this.connection, prefix: options.prefix });
  }

  /**
   * Adds a job; a job id already present (waiting, delayed, running or kept) means this call adds
   * nothing. `delayMs` holds the job back until then (a scheduled release).
   */
  async add(data: Data, jobId: string, { delayMs = 0 }: { delayMs?: number } = {}): Promise<void> {
    await this.queue.add(this.definition.name, data, {
      jobId,
      delay: Math.max(0, Math.round(delayMs)),
      attempts: this.definition.attempts,
      backoff: { type: 'exponential', delay: this.definition.backoffMs },
      removeOnComplete: { age: 24 * 3600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3600 },
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

  /** Jobs waiting to start (for autoscaling and metrics). */
  waitingCount(): Promise<number> {
    return this.queue.getWaitingCount();
  }

  async close(): Promise<void> {
    await this.queue.close();
    await this.connection.quit().catch(() => undefined);
  }
}

export function createJobWorker<Data>(
  definition: JobQueueDefinition,
  processor: Processor<Data>,
  options: RedisConnectionOptions & { concurrency?: number; worker?: Partial<WorkerOptions> },
): Worker<Data> {
  const connection = createRedisConnection(options, `${definition.name}:worker`);
  // Each job runs in the context it was added in (correlation id), timed and counted per queue.
  const instrumented: Processor<Data> = (job, token, signal) =>
    runWithMeta(jobMeta(job), () => measureJob(definition.name, job, () => processor(job, token, signal)));
  const worker = new Worker<Data>(definition.name, instrumented, {
    connection,
    prefix: options.prefix,
    concurrency: options.concurrency ?? 1,
    maxStalledCount: definition.maxStalledCount,
    ...options.worker,
  });
  trackWorker(worker, options.prefix);
  // BullMQ leaves a connection it was given open; this one is the worker's alone.
  worker.on('closed', () => void connection.quit().catch(() => undefined));
  return worker;
}

/** True when a failed job will not be tried again. */
export function isFinalFailure(job: Job | undefined, error?: Error): boolean {
  if (!job) return false;
  if (error?.name === 'UnrecoverableError') return true;
  return job.attemptsMade >= (job.opts.attempts ?? 1);
}
