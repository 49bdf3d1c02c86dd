import { Module } from '@nestjs/common';
import { Clock, serviceImports } from '@starborn/runtime';
import { UserDeletionHandlers } from './account/user-deletion.handlers.js';
import { UserDeletionService } from './account/user-deletion.service.js';
import { UserExportHandlers } from './account/user-export.handlers.js';
import { UserExportService } from './account/user-export.service.js';
import { roomsMigrations } from './migrations/index.js';
import { NarratorPacing } from './narrator/narrator-pacing.js';
import { NarratorHandlers } from './narrator/narrator.handlers.js';
import { NarratorQueue } from './narrator/narrator.queue.js';
import { NarratorService } from './narrator/narrator.service.js';
import { RoomBroadcaster } from './realtime/room-broadcaster.js';
import { RoomsHandlers } from './rooms/rooms.handlers.js';
import { RoomsService } from './rooms/rooms.service.js';
import { LeaveNoticeQueue, LeaveNoticeSettler, LeaveNoticeWorker } from './rooms/leave-notices.js';

/**
 * Owns the "rooms" schema: shared story rooms, their heroes and messages, and the narrator's cadence.
 * Pushes to the gateway's sockets through the socket.io Redis emitter; asks the generation workers for
 * the narrator's lines on `generation.narrator`.
 */
@Module({
  imports: serviceImports({
    service: 'rooms',
    // Plain SQL in rooms/room.queries.ts: the counters and idempotent inserts are the design.
    database: { entities: [], migrations: roomsMigrations },
    // rooms asks heroes (heroes.generation-profile) for the signs the narrator weaves in.
    messageBus: true,
  }),
  controllers: [RoomsHandlers, NarratorHandlers, UserExportHandlers, UserDeletionHandlers],
  providers: [
    Clock,
    RoomBroadcaster,
    NarratorQueue,
    NarratorPacing,
    RoomsService,
    LeaveNoticeQueue,
    LeaveNoticeWorker,
    { provide: LeaveNoticeSettler, useExisting: RoomsService },
    NarratorService,
    UserExportService,
    UserDeletionService,
  ],
})
export class RoomsModule {}
