import type { Redis } from 'ioredis';
import { RateLimiterRes, type RateLimiterRedis } from 'rate-limiter-flexible';
import type { GatewayConfig } from '../config.js';
import { redisLimiter } from '../limits/redis-limits.js';

type JoinLimitSettings = Pick<
  GatewayConfig,
  | 'REDIS_PREFIX'
  | 'RATE_LIMIT_ROOM_JOINS_PER_SOCKET'
  | 'RATE_LIMIT_ROOM_JOINS_PER_SOCKET_WINDOW_SECONDS'
  | 'RATE_LIMIT_ROOM_JOINS_PER_USER'
  | 'RATE_LIMIT_ROOM_JOINS_PER_USER_WINDOW_SECONDS'
>;

/**
 * join_room per socket and per user, counted in Redis (one atomic consume each), so the limits hold
 * across sockets and gateway instances. Each join costs the rooms service a transaction and may store a
 * line, so a loop of joins is refused long before it could flood a room.
 */
export class RoomJoinLimits {
  private readonly perSocket: RateLimiterRedis;
  private readonly perUser: RateLimiterRedis;

  constructor(redis: Redis, config: JoinLimitSettings) {
    this.perSocket = redisLimiter(
      redis,
      config,
      'room-joins-socket',
      config.RATE_LIMIT_ROOM_JOINS_PER_SOCKET,
      config.RATE_LIMIT_ROOM_JOINS_PER_SOCKET_WINDOW_SECONDS,
    );
    this.perUser = redisLimiter(
      redis,
      config,
      'room-joins-user',
      config.RATE_LIMIT_ROOM_JOINS_PER_USER,
      config.RATE_LIMIT_ROOM_JOINS_PER_USER_WINDOW_SECONDS,
    );
  }

  /** Counts one join; false when the socket's or the user's allowance is spent (the socket's first). */
  async allow(socketId: string, userId: string): Promise<boolean> {
    try {
      await this.perSocket.consume(socketId);
      await this.perUser.consume(userId);
      return true;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return false;
      throw rejection;
    }
  }
}
