import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { defineJobQueue } from '@starborn/contracts';
import { createJobWorker, JobQueue } from '@starborn/messaging';
import { BASE_CONFIG, type BaseConfig } from '@starborn/runtime';
import type { Worker } from 'bullmq';

/** A hero's last socket left a room at `leftAt` (ISO); due when the grace period is over. */
export interface LeaveNoticeJob {
  roomId: string;
  heroId: string;
  leftAt: string;
}

const invalidLeaveNotice = (data: unknown): string | null => {
  const job = data as Partial<LeaveNoticeJob> | null;
  if (!job || typeof job !== 'object') return 'not an object';
  if (typeof job.roomId !== 'string' || typeof job.heroId !== 'string') return 'roomId and heroId needed';
  return typeof job.leftAt === 'string' && !Number.isNaN(Date.parse(job.leftAt)) ? null : 'leftAt needed';
};

/**
 * The delayed checks of leaves, in Redis (BullMQ): a check outlives the instance that scheduled it, and
 * any rooms instance runs it. Producer and worker are both the rooms service.
 */
export const LEAVE_NOTICE_QUEUE = defineJobQueue<LeaveNoticeJob>({
  name: 'rooms.leave-notice',
  attempts: 3,
  backoffMs: 1_000,
  maxStalledCount: 3,
  invalid: invalidLeaveNotice,
});

/** One check per hero, room and moment of leaving: the same leave scheduled twice is one job. */
export const leaveNoticeJobId = (job: LeaveNoticeJob) =>
  `leave.${job.roomId}.${job.heroId}.${Date.parse(job.leftAt)}`;

@Injectable()
export class LeaveNoticeQueue implements OnApplicationShutdown {
  private readonly logger = new Logger(LeaveNoticeQueue.name);
  private readonly queue: JobQueue<LeaveNoticeJob>;

  constructor(@Inject(BASE_CONFIG) config: BaseConfig) {
    this.queue = new JobQueue(LEAVE_NOTICE_QUEUE, { url: config.REDIS_URL, prefix: config.REDIS_PREFIX });
  }

  /**
   * Checks after `delayMs` whether the hero is still away. A failure is only logged: the hero's absence
   * is live state (the room's header), the line in the transcript is not essential.
   */
  async schedule(job: LeaveNoticeJob, delayMs: number): Promise<void> {
    try {
      await this.queue.add(job, leaveNoticeJobId(job), { delayMs });
    } catch (error) {
      this.logger.warn(`Leave of ${job.heroId} in ${job.roomId} not scheduled (${(error as Error).message})`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}

/** Runs the due checks: `settle` writes the line when the hero did not come back. */
export abstract class LeaveNoticeSettler {
  abstract settleLeave(job: LeaveNoticeJob): Promise<unknown>;
}

@Injectable()
export class LeaveNoticeWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker?: Worker<LeaveNoticeJob>;

  constructor(
    private readonly settler: LeaveNoticeSettler,
    @Inject(BASE_CONFIG) private readonly config: BaseConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = createJobWorker(LEAVE_NOTICE_QUEUE, (job) => this.settler.settleLeave(job.data), {
      url: this.config.REDIS_URL,
      prefix: this.config.REDIS_PREFIX,
      concurrency: 4,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    this.worker = undefined;
  }
}
