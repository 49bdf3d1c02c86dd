import { Inject, Injectable, Logger } from '@nestjs/common';
import { JobQueues, type ReconciliationJob } from '@starborn/contracts';
import { createJobWorker, JobQueue } from '@starborn/messaging';
import { PeriodicTask, type ApplicationLifecycle } from '@starborn/runtime';
import type { Worker } from 'bullmq';
import { STORYBOOK_CONFIG, type StorybookConfig } from '../config.js';
import { ReconciliationService } from './reconciliation.service.js';
import { ReleaseService } from './release.service.js';

export const RECONCILIATION_SCHEDULER_ID = JobQueues.releaseReconciliation.name;
const RELEASE_CONCURRENCY = 4;

/**
 * Consumes `storybook.release` (a story's delayed release) and `storybook.reconcile` (the repeatable
 * sweep), and keeps the sweep's BullMQ scheduler in place: asserted at boot and again every interval,
 * so it comes back by itself after Redis lost its data. Several instances share one scheduler.
 */
@Injectable()
export class ReleaseWorkers implements ApplicationLifecycle {
  private readonly logger = new Logger(ReleaseWorkers.name);
  private readonly reconciliationQueue: JobQueue<ReconciliationJob>;
  private workers: Worker[] = [];
  private readonly scheduleCheck: PeriodicTask;

  constructor(
    private readonly releases: ReleaseService,
    private readonly reconciliation: ReconciliationService,
    @Inject(STORYBOOK_CONFIG) private readonly config: StorybookConfig,
  ) {
    this.reconciliationQueue = new JobQueue(JobQueues.releaseReconciliation, this.connection);
    this.scheduleCheck = new PeriodicTask(this.config.STORYBOOK_RECONCILE_INTERVAL_MS, () =>
      this.assertScheduler(),
    );
  }

  private get connection() {
    return { url: this.config.REDIS_URL, prefix: this.config.REDIS_PREFIX };
  }

  async onApplicationBootstrap(): Promise<void> {
    // The payload type, its check and the worker's error logging come with each queue's worker.
    this.workers = [
      createJobWorker(JobQueues.chapterRelease, (job) => this.releases.releaseScheduled(job.data), {
        ...this.connection,
        concurrency: RELEASE_CONCURRENCY,
      }),
      createJobWorker(JobQueues.releaseReconciliation, () => this.reconciliation.run(), this.connection),
    ];
    await this.scheduleCheck.start();
  }

  /** Creates the sweep's scheduler, or leaves it as it is (same id, same interval). */
  ensureScheduled(): Promise<void> {
    return this.scheduleCheck.run();
  }

  private async assertScheduler(): Promise<void> {
    try {
      await this.reconciliationQueue.repeatEvery(
        RECONCILIATION_SCHEDULER_ID,
        this.config.STORYBOOK_RECONCILE_INTERVAL_MS,
        {},
      );
    } catch (error) {
      this.logger.warn(`Could not assert the sweep's scheduler: ${(error as Error).message}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.scheduleCheck.stop();
    // Jobs in flight finish first.
    await Promise.all(this.workers.map((worker) => worker.close()));
    this.workers = [];
    await this.reconciliationQueue.close();
  }
}
