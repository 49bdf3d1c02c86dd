import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimiterRes, type RateLimiterRedis } from 'rate-limiter-flexible';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { redisLimiter, tooManyRequests } from '../limits/redis-limits.js';
import { GATEWAY_REDIS } from '../redis.provider.js';

/**
 * Declined cards per user (card testing tries many numbers in a row; a person retyping a card declines a
 * few times at most). Only declines count, so the check before a confirmation reads without consuming.
 */
@Injectable()
export class PaymentRateLimiter {
  private readonly declines: RateLimiterRedis;

  constructor(@Inject(GATEWAY_REDIS) redis: Redis, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.declines = redisLimiter(
      redis,
      config,
      'payment-declines',
      config.RATE_LIMIT_PAYMENT_DECLINES,
      config.RATE_LIMIT_PAYMENT_DECLINES_WINDOW_SECONDS,
    );
  }

  /** Before a card is tried: 429 with Retry-After while the user's declines are at the limit. */
  async assertMayConfirm(userId: string): Promise<void> {
    const state = await this.declines.get(userId);
    if (state && state.consumedPoints >= this.declines.points) {
      throw tooManyRequests('Too many of your cards were declined for now', state.msBeforeNext);
    }
  }

  /** A card of this user was declined. */
  async countDecline(userId: string): Promise<void> {
    await this.declines.consume(userId).catch((rejection: unknown) => {
      // Already at the limit: the next confirmation is refused by assertMayConfirm.
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
    });
  }
}
