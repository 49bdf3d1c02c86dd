import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { USER_ID_PATTERN, type UserDeletedEvent } from '@starborn/contracts';
import { inTransaction, sqlOf } from '@starborn/database';
import { DeletionFollowUps, MessageBus } from '@starborn/messaging';
import type { ObjectStorage } from '@starborn/storage';
import type { DataSource } from 'typeorm';
import { ReleaseQueue } from '../releases/release.queue.js';
import { deleteStorybooksOf, storybooksOf } from './user-deletion.queries.js';

/** The media store storybook deletes from (the generation workers write the illustrations). */
export const MEDIA_STORAGE = Symbol('MEDIA_STORAGE');

/** Where every stored object of a storybook lives: its chapters' illustrations. */
export const storybookMediaPrefix = (storyBookId: string) => `storybooks/${storyBookId}/`;

/**
 * user.deleted: the user's storybooks, chapters and chapter credits, the chapters' illustrations in
 * storage and the stories' scheduled releases. Storage and jobs first, rows last: a failure part-way
 * leaves the rows that say what is still to delete, and the redelivered event finishes the work; once
 * the rows are gone, a redelivery does nothing. Chapter and illustration jobs still queued for these
 * stories fail for good when they find their hero gone (the generation workers' subject rule).
 *
 * Once the rows are gone, the folders go again and every job record naming the user or the stories
 * (chapter texts, release jobs, illustration jobs) is removed; the same clean-up runs again on
 * follow-up timers, for an illustration stored or a chapter announced by work that was in flight.
 */
@Injectable()
export class UserDeletionService implements OnApplicationShutdown {
  private readonly logger = new Logger(UserDeletionService.name);
  private readonly followUps = new DeletionFollowUps((what, error) =>
    this.logger.warn(`Follow-up deletion of ${what} failed: ${error.message}`),
  );

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
    private readonly releases: ReleaseQueue,
    private readonly bus: MessageBus,
  ) {}

  onApplicationShutdown(): void {
    this.followUps.stop();
  }

  async deleteUserData(event: UserDeletedEvent): Promise<void> {
    const userId = String(event?.userId ?? '');
    if (!USER_ID_PATTERN.test(userId)) {
      this.logger.warn(`Ignored a malformed user.deleted event (${JSON.stringify(event)})`);
      return;
    }
    const stories = await storybooksOf(sqlOf(this.dataSource), userId);
    const storyIds = stories.map((story) => story.id);
    await this.deleteMedia(storyIds);
    await this.releases.unschedule(stories);
    const deleted = await inTransaction(this.dataSource, (sql) => deleteStorybooksOf(sql, userId));
    if (deleted > 0) this.logger.log(`Deleted ${deleted} storybooks of deleted account ${userId}`);
    const cleanUp = () => this.cleanUp(userId, storyIds);
    await cleanUp();
    this.followUps.schedule(`account ${userId}`, cleanUp);
  }

  /** The stories' folders again, and every job record naming the user or their stories. */
  private async cleanUp(userId: string, storyIds: string[]): Promise<void> {
    await this.deleteMedia(storyIds);
    await this.bus.purgeJobRecords({ ids: [userId, ...storyIds] });
  }

  private async deleteMedia(storyIds: string[]): Promise<void> {
    for (const id of storyIds) await this.storage.deletePrefix(storybookMediaPrefix(id));
  }
}
