import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { USER_ID_PATTERN, type UserDeletedEvent } from '@starborn/contracts';
import { sqlOf, type Sql } from '@starborn/database';
import { DeletionFollowUps, MessageBus } from '@starborn/messaging';
import type { ObjectStorage } from '@starborn/storage';
import type { EntityManager } from 'typeorm';
import { deleteHeroesOf, heroesOf, type OwnedHero } from './user-deletion.queries.js';

/** The media store heroes deletes from (the generation workers write it). */
export const MEDIA_STORAGE = Symbol('MEDIA_STORAGE');

/** Where every stored object of a hero lives: images, their previews and sized variants. */
export const heroMediaPrefix = (heroId: string) => `heroes/${heroId}/`;

/**
 * user.deleted: the user's heroes, their images and share links, every stored object of those heroes,
 * and the job records that name them. The objects go first and the rows next, so a failure part-way
 * leaves the rows that say what is still to delete and the redelivered event finishes the work; once
 * the rows are gone, a redelivery finds nothing and does nothing.
 *
 * Generation in flight: a worker asks for the hero before and after each write and deletes what it
 * stored once the hero is gone, so the folder is deleted again once the rows are gone (a write that
 * landed before the worker's last question is caught here, a later one by the worker). The same
 * clean-up runs again on follow-up timers, for what raced the deletion in other ways (events emitted
 * and jobs finished by that work).
 */
@Injectable()
export class UserDeletionService implements OnApplicationShutdown {
  private readonly logger = new Logger(UserDeletionService.name);
  private readonly sql: Sql;
  private readonly followUps = new DeletionFollowUps((what, error) =>
    this.logger.warn(`Follow-up deletion of ${what} failed: ${error.message}`),
  );

  constructor(
    @InjectEntityManager() db: EntityManager,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
    private readonly bus: MessageBus,
  ) {
    this.sql = sqlOf(db);
  }

  onApplicationShutdown(): void {
    this.followUps.stop();
  }

  async deleteUserData(event: UserDeletedEvent): Promise<void> {
    const userId = String(event?.userId ?? '');
    if (!USER_ID_PATTERN.test(userId)) {
      this.logger.warn(`Ignored a malformed user.deleted event (${JSON.stringify(event)})`);
      return;
    }
    const heroes = await heroesOf(this.sql, userId);
    await this.deleteMedia(heroes);
    const deleted = await deleteHeroesOf(this.sql, userId);
    if (deleted.length > 0) this.logger.log(`Deleted ${deleted.length} heroes of deleted account ${userId}`);
    const cleanUp = () => this.cleanUp(userId, heroes);
    await cleanUp();
    this.followUps.schedule(`account ${userId}`, cleanUp);
  }

  /** The heroes' folders again, and every job record naming the user or their heroes. */
  private async cleanUp(userId: string, heroes: OwnedHero[]): Promise<void> {
    await this.deleteMedia(heroes);
    await this.bus.purgeJobRecords({
      ids: [userId, ...heroes.map((hero) => hero.id)],
      words: heroes.map((hero) => hero.name),
    });
  }

  private async deleteMedia(heroes: OwnedHero[]): Promise<void> {
    for (const hero of heroes) await this.storage.deletePrefix(heroMediaPrefix(hero.id));
  }
}
