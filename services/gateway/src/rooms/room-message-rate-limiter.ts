import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimiterRes, type RateLimiterRedis } from 'rate-limiter-flexible';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { redisLimiter } from '../limits/redis-limits.js';
import { GATEWAY_REDIS } from '../redis.provider.js';

/**
 * Chat messages per user in Redis (RATE_LIMIT_ROOM_MESSAGES per RATE_LIMIT_ROOM_MESSAGES_WINDOW_SECONDS),
 * so the limit holds whichever gateway instance, socket or room a user sends through.
 */
@Injectable()
export class RoomMessageRateLimiter {
  private readonly limiter: RateLimiterRedis;

  constructor(@Inject(GATEWAY_REDIS) redis: Redis, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.limiter = redisLimiter(
      redis,
      config,
      'room-messages',
      config.RATE_LIMIT_ROOM_MESSAGES,
      config.RATE_LIMIT_ROOM_MESSAGES_WINDOW_SECONDS,
    );
  }

  /** Counts one message; false when the user's allowance for the window is spent. */
  async allow(userId: string): Promise<boolean> {
    try {
      await this.limiter.consume(userId);
      return true;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return false;
      throw rejection;
    }
  }
}
