import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import {
  RoomSocketEvents,
  socketIoRedisKey,
  storyRoomChannel,
  storyRoomHeroChannel,
  storyRoomUserChannel,
  type ChatMessageDto,
  type RoomUpdatedEvent,
  type ServerToClientEvents,
} from '@starborn/contracts';
import { createRedisConnection } from '@starborn/messaging';
import { BASE_CONFIG, type BaseConfig } from '@starborn/runtime';
import type { Redis } from 'ioredis';

/**
 * Pushes to the sockets of a story room through @socket.io/redis-emitter: one Redis PUBLISH per event,
 * heard by every gateway instance's adapter. Fire-and-forget, as socket.io broadcasts are: a client that
 * misses one (disconnected) gets the history when it joins again.
 */
@Injectable()
export class RoomBroadcaster implements OnApplicationShutdown {
  private readonly logger = new Logger(RoomBroadcaster.name);
  private readonly redis: Redis;
  /** Typed by the events the browser listens to: an event name or payload that does not match is a compile error. */
  private readonly emitter: Emitter<ServerToClientEvents>;

  constructor(@Inject(BASE_CONFIG) config: BaseConfig) {
    this.redis = createRedisConnection(
      { url: config.REDIS_URL, prefix: config.REDIS_PREFIX },
      'rooms:socket.io-emitter',
    );
    this.redis.on('error', (error: Error) => this.logger.warn(`socket.io emitter: ${error.message}`));
    this.emitter = new Emitter<ServerToClientEvents>(this.redis, {
      key: socketIoRedisKey(config.REDIS_PREFIX),
    });
  }

  /** The `message` event (a ChatMessageDto) to everyone in the room. */
  message(roomId: string, message: ChatMessageDto): void {
    this.emit(roomId, RoomSocketEvents.message, message);
  }

  /** The narrator is writing: `narrator_typing {roomId}`. */
  narratorTyping(roomId: string): void {
    this.emit(roomId, RoomSocketEvents.narratorTyping, { roomId });
  }

  /** The narrator stopped writing without a line to show: `narrator_idle {roomId}`. */
  narratorIdle(roomId: string): void {
    this.emit(roomId, RoomSocketEvents.narratorIdle, { roomId });
  }

  /** The host changed the room or closed it: `room_updated`. */
  roomUpdated(update: RoomUpdatedEvent): void {
    this.emit(update.roomId, RoomSocketEvents.roomUpdated, update);
  }

  /**
   * The host removed a person: the room (the removed included) hears `hero_removed` for each of their
   * heroes that was in it, then every socket of that person in the room is disconnected, on every
   * gateway instance (through the person's channel, and each hero's for sockets joined before it
   * existed). All go out on one Redis connection, in this order, so the sockets get the events first.
   */
  personRemoved(roomId: string, userId: string, heroIds: string[]): void {
    for (const heroId of heroIds) this.emit(roomId, RoomSocketEvents.heroRemoved, { roomId, heroId });
    const channels = [
      storyRoomUserChannel(roomId, userId),
      ...heroIds.map((id) => storyRoomHeroChannel(roomId, id)),
    ];
    try {
      this.emitter.in(channels).disconnectSockets(true);
    } catch (error) {
      this.logger.warn(
        `Could not disconnect user ${userId} from room ${roomId}: ${(error as Error).message}`,
      );
    }
  }

  private emit<E extends keyof ServerToClientEvents>(
    roomId: string,
    event: E,
    ...payload: Parameters<ServerToClientEvents[E]>
  ): void {
    try {
      this.emitter.to(storyRoomChannel(roomId)).emit(event, ...payload);
    } catch (error) {
      this.logger.warn(`Could not broadcast ${event} to room ${roomId}: ${(error as Error).message}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
