import { Injectable } from '@nestjs/common';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { RedisLimits } from '../limits/redis-limits.js';

/**
 * Chat messages per user in Redis (RATE_LIMIT_ROOM_MESSAGES per RATE_LIMIT_ROOM_MESSAGES_WINDOW_SECONDS),
 * so the limit holds whichever gateway instance, socket or room a user sends through.
 */
@Injectable()
export class RoomMessageRateLimiter extends RedisLimits {
  private readonly messages = this.limiter('room-messages');

  /** Counts one message; false when the user's allowance for the window is spent. */
  async allow(userId: string): Promise<boolean> {
    try {
      await this.messages.consume(userId);
      return true;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return false;
      throw rejection;
    }
  }
}
