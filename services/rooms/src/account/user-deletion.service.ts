import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { USER_ID_PATTERN, type UserDeletedEvent } from '@starborn/contracts';
import { inTransaction } from '@starborn/database';
import { Clock } from '@starborn/runtime';
import type { DataSource } from 'typeorm';
import { RoomBroadcaster } from '../realtime/room-broadcaster.js';
import { presentRoomUpdate } from '../rooms/room.presenter.js';
import { anonymiseUserInRooms } from './user-deletion.queries.js';

/**
 * user.deleted: the user's participation goes; their heroes' messages stay in the rooms' history as
 * from "a departed hero", so the conversations of the others still read; rooms their hero hosts close
 * (nobody could host them any more), and the heroes in them are told. Idempotent: a redelivered event finds nothing of the user.
 */
@Injectable()
export class UserDeletionService {
  private readonly logger = new Logger(UserDeletionService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly broadcaster: RoomBroadcaster,
  ) {}

  async deleteUserData(event: UserDeletedEvent): Promise<void> {
    const userId = String(event?.userId ?? '');
    if (!USER_ID_PATTERN.test(userId)) {
      this.logger.warn(`Ignored a malformed user.deleted event (${JSON.stringify(event)})`);
      return;
    }
    const closed = await inTransaction(this.dataSource, (sql) =>
      anonymiseUserInRooms(sql, userId, this.clock.now()),
    );
    // Whoever is in those rooms sees them close, as when a host closes a room.
    for (const room of closed) this.broadcaster.roomUpdated(presentRoomUpdate(room));
    if (closed.length > 0)
      this.logger.log(`Closed ${closed.length} rooms hosted by deleted account ${userId}`);
  }
}
