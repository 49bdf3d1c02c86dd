import { Module } from '@nestjs/common';
import { DatabaseModule } from '@starborn/database';
import { MessageBusModule } from '@starborn/messaging';
import { BASE_CONFIG, Clock, HealthModule, type BaseConfig } from '@starborn/runtime';
import { roomsMigrations } from './migrations/index.js';
import { NarratorPacing } from './narrator/narrator-pacing.js';
import { NarratorHandlers } from './narrator/narrator.handlers.js';
import { NarratorQueue } from './narrator/narrator.queue.js';
import { NarratorService } from './narrator/narrator.service.js';
import { RoomBroadcaster } from './realtime/room-broadcaster.js';
import { RoomsHandlers } from './rooms/rooms.handlers.js';
import { RoomsService } from './rooms/rooms.service.js';

/**
 * Owns the "rooms" schema: shared story rooms, their heroes and messages, and the narrator's cadence.
 * Pushes to the gateway's sockets through the socket.io Redis emitter; asks the generation workers for
 * the narrator's lines on `generation.narrator`.
 */
@Module({
  imports: [
    DatabaseModule.forService({
      inject: [BASE_CONFIG],
      useFactory: (config: BaseConfig) => ({
        url: config.DATABASE_URL,
        schema: 'rooms',
        // Plain SQL in rooms/room.queries.ts: the counters and idempotent inserts are the design.
        entities: [],
        migrations: roomsMigrations,
        poolSize: config.DB_POOL_SIZE,
      }),
    }),
    HealthModule.forService('rooms'),
    // rooms asks heroes (heroes.generation-profile) for the signs the narrator weaves in.
    MessageBusModule.register({
      inject: [BASE_CONFIG],
      useFactory: (config: BaseConfig) => ({
        url: config.REDIS_URL,
        prefix: config.REDIS_PREFIX,
        timeoutMs: config.RPC_TIMEOUT_MS,
      }),
    }),
  ],
  controllers: [RoomsHandlers, NarratorHandlers],
  providers: [Clock, RoomBroadcaster, NarratorQueue, NarratorPacing, RoomsService, NarratorService],
})
export class RoomsModule {}
