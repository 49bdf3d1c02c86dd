import { Logger } from '@nestjs/common';
import type { JobQueueDefinition } from '@starborn/contracts';
import type { Job, Worker } from 'bullmq';
import { purgeStreamEntries } from './job-records.js';
import { createJobWorker, InvalidJobError, isFinalFailure, SubjectGoneError } from './jobs.js';
import type { RedisConnectionOptions } from './options.js';
import { createRedisConnection } from './redis.js';

export interface QueueWorkerSettings {
  /** Jobs run at once by this process. */
  concurrency?: number;
  /**
   * How long the hold on a job lasts without renewal (renewed every half of it), and how often workers
   * look for jobs whose holder vanished: a killed worker's job is taken again after one to two of these.
   * BullMQ's default (30 s) when unset.
   */
  lockMs?: number;
}

/**
 * The skeleton of a worker on one queue from libs/contracts: the BullMQ worker (with the queue's
 * payload type and check, see createJobWorker), its lock and stall settings, a hook for jobs that
 * failed for good, and a close that lets the jobs in flight finish. A subclass says what one job does.
 */
export abstract class QueueWorker<Data> {
  protected readonly logger = new Logger(this.constructor.name);
  private worker?: Worker<Data>;

  protected constructor(
    protected readonly definition: JobQueueDefinition<Data>,
    private readonly connection: RedisConnectionOptions,
    private readonly settings: QueueWorkerSettings = {},
  ) {}

  /** Does one job; a thrown error fails the attempt (BullMQ retries it, unless it is unrecoverable). */
  protected abstract process(job: Job<Data>): Promise<unknown>;

  /**
   * A job failed for good: its last attempt, or an unrecoverable error. Not called for a payload that
   * failed its queue's check (that is logged where it is refused, and nobody can be told about it).
   */
  protected async onFinalFailure(data: Data, error: Error): Promise<void> {
    this.logger.warn(`Job on ${this.definition.name} failed for good: ${error.message}`);
  }

  /** Starts taking jobs. */
  start(): void {
    const { concurrency, lockMs } = this.settings;
    this.worker = createJobWorker(this.definition, (job) => this.process(job), {
      ...this.connection,
      concurrency,
      worker: lockMs ? { lockDuration: lockMs, stalledInterval: lockMs } : {},
    });
    this.worker.on('failed', (job, error) => {
      if (job && error instanceof SubjectGoneError) {
        void this.forget(job);
        return;
      }
      if (!job || error instanceof InvalidJobError || !isFinalFailure(job, error)) return;
      this.onFinalFailure(job.data, error).catch((hookError: Error) =>
        this.logger.error(`Handling the final failure of job ${job.id} failed: ${hookError.message}`),
      );
    });
  }

  /** Removes the record of a job whose subject is gone, and the queue's event entries naming it. */
  private async forget(job: Job<Data>): Promise<void> {
    // Rare (a deletion raced the job): a connection of its own is cheaper than keeping one open.
    const redis = createRedisConnection(this.connection, `${this.definition.name}:forget`);
    try {
      await job.remove();
      if (job.id)
        await purgeStreamEntries(redis, `${this.connection.prefix}:${job.queueName}:events`, {
          ids: [job.id],
        });
    } catch (error) {
      this.logger.warn(`Could not forget job ${job.id}: ${(error as Error).message}`);
    } finally {
      await redis.quit().catch(() => undefined);
    }
  }

  /** Takes nothing new and resolves once the jobs in flight have finished. */
  async close(): Promise<void> {
    await this.worker?.close();
    this.worker = undefined;
  }
}
