import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { countOutcome, redisLimiter, refuseIfSpent } from '../limits/redis-limits.js';
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
  assertMayConfirm(userId: string): Promise<void> {
    return refuseIfSpent(this.declines, userId, 'Too many of your cards were declined for now');
  }

  /** A card of this user was declined. */
  countDecline(userId: string): Promise<void> {
    return countOutcome(this.declines, userId);
  }
}
