import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { chapterGenerationJobId, JobQueues, type ChapterGenerationJob } from '@starborn/contracts';
import { createRedisConnection, JobQueue } from '@starborn/messaging';
import { BASE_CONFIG, type BaseConfig } from '@starborn/runtime';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

/** Where a chapter's job stands: still to run, over (with or without a result reaching us), or lost. */
export type ChapterJobState = 'pending' | 'finished' | 'missing';

/** The producer side of `generation.chapter`: storybook asks, the generation workers write. */
@Injectable()
export class ChapterGenerationQueue implements OnApplicationShutdown {
  private readonly logger = new Logger(ChapterGenerationQueue.name);
  private readonly queue: JobQueue<ChapterGenerationJob>;
  // JobQueue only adds; reading a job's state needs BullMQ's own Queue.
  private readonly inspector: Queue;
  private readonly connection: Redis;

  constructor(@Inject(BASE_CONFIG) config: BaseConfig) {
    const options = { url: config.REDIS_URL, prefix: config.REDIS_PREFIX };
    this.queue = new JobQueue(JobQueues.chapterGeneration, options);
    this.connection = createRedisConnection(options, `${JobQueues.chapterGeneration.name}:inspector`);
    this.inspector = new Queue(JobQueues.chapterGeneration.name, {
      connection: this.connection,
      prefix: config.REDIS_PREFIX,
    });
  }

  /**
   * Queues chapter jobs whose rows are already committed as `generating`. A failure (Redis down) is only
   * logged: the sweep finds the chapter stale and adds its job again, so the caller's change stands.
   */
  async addAll(jobs: ChapterGenerationJob[]): Promise<void> {
    await Promise.all(
      jobs.map((job) =>
        this.queue
          .add(job, chapterGenerationJobId(job))
          .catch((error: Error) =>
            this.logger.warn(
              `Chapter ${job.chapterNumber} of ${job.storyBookId} not queued (${error.message}); the sweep will`,
            ),
          ),
      ),
    );
  }

  /** Adds the job (a no-op when BullMQ still holds one with its id). */
  add(job: ChapterGenerationJob): Promise<void> {
    return this.queue.add(job, chapterGenerationJobId(job));
  }

  async state(job: ChapterGenerationJob): Promise<ChapterJobState> {
    const state = await this.inspector.getJobState(chapterGenerationJobId(job));
    if (state === 'unknown') return 'missing';
    return state === 'completed' || state === 'failed' ? 'finished' : 'pending';
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
    await this.inspector.close();
    await this.connection.quit().catch(() => undefined);
  }
}
