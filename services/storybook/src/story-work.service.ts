import { Inject, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ChapterGenerationJob } from '@starborn/contracts';
import { Clock } from '@starborn/runtime';
import { DataSource } from 'typeorm';
import { ChapterGenerationQueue } from './chapters/chapter-generation.queue.js';
import { STORYBOOK_CONFIG, type StorybookConfig } from './config.js';
import { ReleaseQueue, type ReleaseSchedule } from './releases/release.queue.js';

/**
 * What every story service works with: the schema, the clock, the config and the two queues that
 * follow a committed change. Injected as properties, so that a service's constructor names only the
 * collaborators that are its own.
 */
export abstract class StoryWork {
  protected readonly logger = new Logger(this.constructor.name);

  @InjectDataSource() protected readonly dataSource!: DataSource;
  @Inject(Clock) protected readonly clock!: Clock;
  @Inject(STORYBOOK_CONFIG) protected readonly config!: StorybookConfig;
  @Inject(ChapterGenerationQueue) protected readonly chapterQueue!: ChapterGenerationQueue;
  @Inject(ReleaseQueue) protected readonly releases!: ReleaseQueue;

  /**
   * After commit: queues the chapters a change asked for and schedules the stories' next releases. A
   * job lost here (Redis down, a crash) is made again by the sweep.
   */
  protected async followUp(chapterJobs: ChapterGenerationJob[], stories: ReleaseSchedule[]): Promise<void> {
    await this.chapterQueue.addAll(chapterJobs);
    await this.releases.schedule(stories);
  }
}
