import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { USER_ID_PATTERN, type UserDeletedEvent } from '@starborn/contracts';
import { sqlOf, type Sql } from '@starborn/database';
import type { ObjectStorage } from '@starborn/storage';
import type { EntityManager } from 'typeorm';
import { deleteHeroesOf, heroIdsOf } from './user-deletion.queries.js';

/** The media store heroes deletes from (the generation workers write it). */
export const MEDIA_STORAGE = Symbol('MEDIA_STORAGE');

/** Where every stored object of a hero lives: images, their previews and sized variants. */
export const heroMediaPrefix = (heroId: string) => `heroes/${heroId}/`;

/**
 * user.deleted: the user's heroes, their images and share links, and every stored object of those
 * heroes. The objects go first and the rows last, so a failure part-way leaves the rows that say what
 * is still to delete and the redelivered event finishes the work; once the rows are gone, a
 * redelivery finds nothing and does nothing.
 */
@Injectable()
export class UserDeletionService {
  private readonly logger = new Logger(UserDeletionService.name);
  private readonly sql: Sql;

  constructor(
    @InjectEntityManager() db: EntityManager,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
  ) {
    this.sql = sqlOf(db);
  }

  async deleteUserData(event: UserDeletedEvent): Promise<void> {
    const userId = String(event?.userId ?? '');
    if (!USER_ID_PATTERN.test(userId)) {
      this.logger.warn(`Ignored a malformed user.deleted event (${JSON.stringify(event)})`);
      return;
    }
    const heroIds = await heroIdsOf(this.sql, userId);
    for (const heroId of heroIds) await this.storage.deletePrefix(heroMediaPrefix(heroId));
    const deleted = await deleteHeroesOf(this.sql, userId);
    if (deleted.length > 0) this.logger.log(`Deleted ${deleted.length} heroes of deleted account ${userId}`);
  }
}
