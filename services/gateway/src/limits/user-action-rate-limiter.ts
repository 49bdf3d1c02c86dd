import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { GATEWAY_REDIS } from '../redis.provider.js';
import { consumeOrRefuse, redisLimiter } from './redis-limits.js';

export type UserAction = 'room-create' | 'hero-generate' | 'payment-intent' | 'data-export';

const REFUSAL: Record<UserAction, string> = {
  'room-create': 'You have created too many rooms for now',
  'hero-generate': 'You have started too many hero generations for now',
  'payment-intent': 'You have started too many payments for now',
  'data-export': 'You have downloaded your data too many times for now',
};

/**
 * Per-user limits on requests that start costly work: a room (the narrator's introduction), a
 * generation (three images and a backstory), a payment (an intent at the provider), a data export
 * (every picture of the account read from storage).
 */
@Injectable()
export class UserActionRateLimiter {
  private readonly limiters: Record<UserAction, RateLimiterRedis>;

  constructor(@Inject(GATEWAY_REDIS) redis: Redis, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    const limiter = (action: UserAction, points: number, durationSeconds: number) =>
      redisLimiter(redis, config, action, points, durationSeconds);
    this.limiters = {
      'room-create': limiter(
        'room-create',
        config.RATE_LIMIT_ROOM_CREATE,
        config.RATE_LIMIT_ROOM_CREATE_WINDOW_SECONDS,
      ),
      'hero-generate': limiter(
        'hero-generate',
        config.RATE_LIMIT_HERO_GENERATE,
        config.RATE_LIMIT_HERO_GENERATE_WINDOW_SECONDS,
      ),
      'payment-intent': limiter(
        'payment-intent',
        config.RATE_LIMIT_PAYMENT_INTENTS,
        config.RATE_LIMIT_PAYMENT_INTENTS_WINDOW_SECONDS,
      ),
      'data-export': limiter(
        'data-export',
        config.RATE_LIMIT_DATA_EXPORT,
        config.RATE_LIMIT_DATA_EXPORT_WINDOW_SECONDS,
      ),
    };
  }

  /** Counts one request of the user; throws 429 with Retry-After when the allowance is spent. */
  consume(action: UserAction, userId: string): Promise<void> {
    return consumeOrRefuse(this.limiters[action], userId, REFUSAL[action]);
  }
}
