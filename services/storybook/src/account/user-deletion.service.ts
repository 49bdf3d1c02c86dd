import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { USER_ID_PATTERN, type UserDeletedEvent } from '@starborn/contracts';
import { inTransaction, sqlOf } from '@starborn/database';
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
 * stories fail for good when they find their story gone (the generation workers' subject rule).
 */
@Injectable()
export class UserDeletionService {
  private readonly logger = new Logger(UserDeletionService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
    private readonly releases: ReleaseQueue,
  ) {}

  async deleteUserData(event: UserDeletedEvent): Promise<void> {
    const userId = String(event?.userId ?? '');
    if (!USER_ID_PATTERN.test(userId)) {
      this.logger.warn(`Ignored a malformed user.deleted event (${JSON.stringify(event)})`);
      return;
    }
    const stories = await storybooksOf(sqlOf(this.dataSource), userId);
    for (const story of stories) await this.storage.deletePrefix(storybookMediaPrefix(story.id));
    await this.releases.unschedule(stories);
    const deleted = await inTransaction(this.dataSource, (sql) => deleteStorybooksOf(sql, userId));
    if (deleted > 0) this.logger.log(`Deleted ${deleted} storybooks of deleted account ${userId}`);
  }
}
