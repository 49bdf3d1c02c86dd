import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes } from '@starborn/contracts';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ApiException } from '../http/http-error.filter.js';
import { GATEWAY_REDIS } from '../redis.provider.js';
import { describeWait } from './auth-rate-limiter.js';

export type UserAction = 'room-create' | 'hero-generate';

const WHAT: Record<UserAction, string> = {
  'room-create': 'You have created too many rooms',
  'hero-generate': 'You have started too many hero generations',
};

/**
 * Per-user limits on requests that queue expensive work (a narrator's introduction, three images and a
 * backstory). Counted in Redis, so they hold whichever gateway instance a request reaches.
 */
@Injectable()
export class UserActionRateLimiter {
  private readonly limiters: Record<UserAction, RateLimiterRedis>;

  constructor(@Inject(GATEWAY_REDIS) redis: Redis, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    const limiter = (name: string, points: number, duration: number) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${config.REDIS_PREFIX}:rate-limit:${name}`,
        points,
        duration,
      });
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
    };
  }

  /** Counts one request of the user; throws 429 with Retry-After when the allowance is spent. */
  async consume(action: UserAction, userId: string): Promise<void> {
    try {
      await this.limiters[action].consume(userId);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw new ApiException(
        {
          status: 429,
          code: ErrorCodes.RATE_LIMITED,
          message: `${WHAT[action]} for now. Please wait ${describeWait(seconds)} and try again.`,
        },
        { 'retry-after': String(seconds) },
      );
    }
  }
}
