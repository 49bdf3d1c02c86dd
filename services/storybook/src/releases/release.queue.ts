import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { chapterReleaseJobId, JobQueues, type ChapterReleaseJob } from '@starborn/contracts';
import { JobQueue } from '@starborn/messaging';
import { BASE_CONFIG, Clock, type BaseConfig } from '@starborn/runtime';

export interface ReleaseSchedule {
  id: string;
  chapters_unlocked_count: number;
  next_release_at: Date | null;
}

/**
 * The producer side of `storybook.release`: one delayed job per story, due at its next release. Each
 * job names the chapter it unlocks, so a job left over from an older schedule (a pack unlocked ahead of
 * it) finds nothing to do.
 */
@Injectable()
export class ReleaseQueue implements OnApplicationShutdown {
  private readonly logger = new Logger(ReleaseQueue.name);
  private readonly queue: JobQueue<ChapterReleaseJob>;

  constructor(
    @Inject(BASE_CONFIG) config: BaseConfig,
    private readonly clock: Clock,
  ) {
    this.queue = new JobQueue(JobQueues.chapterRelease, {
      url: config.REDIS_URL,
      prefix: config.REDIS_PREFIX,
    });
  }

  /**
   * Schedules the next release of each story that has one. A failure is only logged: the sweep
   * releases a due story whether or not its job exists.
   */
  async schedule(stories: ReleaseSchedule[]): Promise<void> {
    const now = this.clock.now().getTime();
    await Promise.all(
      stories.flatMap((story) => {
        if (!story.next_release_at) return [];
        const job = { storyBookId: story.id, chapterNumber: story.chapters_unlocked_count + 1 };
        return [
          this.queue
            .add(job, chapterReleaseJobId(job), { delayMs: story.next_release_at.getTime() - now })
            .catch((error: Error) =>
              this.logger.warn(`Release of ${chapterReleaseJobId(job)} not scheduled: ${error.message}`),
            ),
        ];
      }),
    );
  }

  /** Removes the scheduled release of each story (stories that are being deleted). */
  async unschedule(stories: ReleaseSchedule[]): Promise<void> {
    await this.queue.cancel(
      stories.map((story) =>
        chapterReleaseJobId({ storyBookId: story.id, chapterNumber: story.chapters_unlocked_count + 1 }),
      ),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
