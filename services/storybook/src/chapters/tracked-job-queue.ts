import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { JobQueueDefinition } from '@starborn/contracts';
import { createRedisConnection, JobQueue, type ExactPayload } from '@starborn/messaging';
import type { BaseConfig } from '@starborn/runtime';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

/** Where a job stands: still to run, over (with or without a result reaching us), or lost. */
export type TrackedJobState = 'pending' | 'finished' | 'missing';

/**
 * The producer side of a generation queue whose results storybook waits for: adds jobs under their
 * deterministic ids, and tells the sweep whether a job it waits on is still there.
 */
export abstract class TrackedJobQueue<Data> implements OnApplicationShutdown {
  protected readonly logger = new Logger(this.constructor.name);
  private readonly queue: JobQueue<Data>;
  // JobQueue only adds; reading a job's state needs BullMQ's own Queue.
  private readonly inspector: Queue;
  private readonly connection: Redis;

  protected constructor(
    definition: JobQueueDefinition<Data>,
    private readonly jobId: (job: Data) => string,
    /** The job in words, for logs. */
    private readonly describe: (job: Data) => string,
    config: BaseConfig,
  ) {
    const options = { url: config.REDIS_URL, prefix: config.REDIS_PREFIX };
    this.queue = new JobQueue(definition, options);
    this.connection = createRedisConnection(options, `${definition.name}:inspector`);
    this.inspector = new Queue(definition.name, { connection: this.connection, prefix: config.REDIS_PREFIX });
  }

  /**
   * Queues jobs whose rows are already committed as asked. A failure (Redis down) is only logged: the
   * sweep finds the row stale and adds its job again, so the caller's change stands.
   */
  async addAll(jobs: Data[]): Promise<void> {
    await Promise.all(
      jobs.map((job) =>
        this.queue
          .add(job as ExactPayload<Data, Data>, this.jobId(job))
          .catch((error: Error) =>
            this.logger.warn(`${this.describe(job)} not queued (${error.message}); the sweep will`),
          ),
      ),
    );
  }

  /** Adds the job (a no-op when BullMQ still holds one with its id). */
  add(job: Data): Promise<void> {
    return this.queue.add(job as ExactPayload<Data, Data>, this.jobId(job));
  }

  async state(job: Data): Promise<TrackedJobState> {
    const state = await this.inspector.getJobState(this.jobId(job));
    if (state === 'unknown') return 'missing';
    return state === 'completed' || state === 'failed' ? 'finished' : 'pending';
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
    await this.inspector.close();
    await this.connection.quit().catch(() => undefined);
  }
}
