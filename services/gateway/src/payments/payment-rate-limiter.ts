import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes } from '@starborn/contracts';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { describeWait } from '../auth/auth-rate-limiter.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ApiException } from '../http/http-error.filter.js';
import { GATEWAY_REDIS } from '../redis.provider.js';

export const TOO_MANY_INTENTS = 'You have started too many payments';
export const TOO_MANY_DECLINES = 'Too many of your cards were declined';

/**
 * Per-user payment limits, counted in Redis so they hold whichever gateway instance a request
 * reaches: payments started (each one is an intent at the provider) and declined cards (card
 * testing tries many numbers in a row; a person retyping a card declines a few times at most).
 */
@Injectable()
export class PaymentRateLimiter {
  private readonly intents: RateLimiterRedis;
  private readonly declines: RateLimiterRedis;

  constructor(@Inject(GATEWAY_REDIS) redis: Redis, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    const limiter = (name: string, points: number, duration: number) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${config.REDIS_PREFIX}:rate-limit:${name}`,
        points,
        duration,
      });
    this.intents = limiter(
      'payment-intents',
      config.RATE_LIMIT_PAYMENT_INTENTS,
      config.RATE_LIMIT_PAYMENT_INTENTS_WINDOW_SECONDS,
    );
    this.declines = limiter(
      'payment-declines',
      config.RATE_LIMIT_PAYMENT_DECLINES,
      config.RATE_LIMIT_PAYMENT_DECLINES_WINDOW_SECONDS,
    );
  }

  /** Counts one payment started by the user; 429 with Retry-After when the allowance is spent. */
  async consumeIntent(userId: string): Promise<void> {
    try {
      await this.intents.consume(userId);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      throw tooMany(TOO_MANY_INTENTS, rejection.msBeforeNext);
    }
  }

  /** Before a card is tried: 429 with Retry-After while the user's declines are at the limit. */
  async assertMayConfirm(userId: string): Promise<void> {
    const state = await this.declines.get(userId);
    if (state && state.consumedPoints >= this.declines.points)
      throw tooMany(TOO_MANY_DECLINES, state.msBeforeNext);
  }

  /** A card of this user was declined. */
  async countDecline(userId: string): Promise<void> {
    await this.declines.consume(userId).catch((rejection: unknown) => {
      // Already at the limit: the next confirmation is refused by assertMayConfirm.
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
    });
  }
}

function tooMany(what: string, msBeforeNext: number): ApiException {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new ApiException(
    {
      status: 429,
      code: ErrorCodes.RATE_LIMITED,
      message: `${what} for now. Please wait ${describeWait(seconds)} and try again.`,
    },
    { 'retry-after': String(seconds) },
  );
}
