import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { USER_ID_PATTERN, type UserDeletedEvent } from '@starborn/contracts';
import { inTransaction, sqlOf } from '@starborn/database';
import { DeletionFollowUps, MessageBus } from '@starborn/messaging';
import { Clock } from '@starborn/runtime';
import type { DataSource } from 'typeorm';
import { RoomBroadcaster } from '../realtime/room-broadcaster.js';
import { presentRoomUpdate } from '../rooms/room.presenter.js';
import {
  anonymiseUserInRooms,
  namedHeroesOf,
  scrubNarration,
  type NamedHero,
} from './user-deletion.queries.js';

/**
 * user.deleted: the user's participation goes; their heroes' messages stay in the rooms' history as
 * from "a departed hero", so the conversations of the others still read, and the narrator's lines
 * call them so too; rooms their hero hosts close (nobody could host them any more), and the heroes
 * in them are told. Idempotent: a redelivered event finds nothing of the user.
 *
 * A narrator line written from a context read before the deletion may land after it: the narration is
 * scrubbed again, and the job records naming the user, their heroes or their names removed, on
 * follow-up timers.
 */
@Injectable()
export class UserDeletionService implements OnApplicationShutdown {
  private readonly logger = new Logger(UserDeletionService.name);
  private readonly followUps = new DeletionFollowUps((what, error) =>
    this.logger.warn(`Follow-up deletion of ${what} failed: ${error.message}`),
  );

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly broadcaster: RoomBroadcaster,
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
    const { closed, named, heroIds } = await inTransaction(this.dataSource, async (sql) => {
      const heroes = await namedHeroesOf(sql, userId);
      const result = await anonymiseUserInRooms(sql, userId, this.clock.now());
      await scrubNarration(sql, heroes);
      return { closed: result.closed, named: heroes, heroIds: result.heroIds };
    });
    // Whoever is in those rooms sees them close, as when a host closes a room.
    for (const room of closed) this.broadcaster.roomUpdated(presentRoomUpdate(room));
    if (closed.length > 0)
      this.logger.log(`Closed ${closed.length} rooms hosted by deleted account ${userId}`);
    const cleanUp = () => this.cleanUp(userId, heroIds, named);
    await cleanUp();
    this.followUps.schedule(`account ${userId}`, cleanUp);
  }

  /** The narration again, and every job record naming the user, their heroes or their names. */
  private async cleanUp(userId: string, heroIds: string[], named: NamedHero[]): Promise<void> {
    await scrubNarration(sqlOf(this.dataSource), named);
    await this.bus.purgeJobRecords({
      ids: [userId, ...heroIds],
      words: [...new Set(named.map((hero) => hero.name))],
    });
  }
}
