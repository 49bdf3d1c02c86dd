import { Inject, Injectable } from '@nestjs/common';
import { RemoteError } from '@starborn/messaging';
import type { Redis } from 'ioredis';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { RedisLimits, redisLimiter, reserveOrRefuse } from '../limits/redis-limits.js';
import { GATEWAY_REDIS } from '../redis.provider.js';

/**
 * Payments started per user: only a new payment (an intent opened at the provider) counts. A checkout
 * handed the user's open intent again (a reload, another tab, a second Pay) costs nothing, so viewing or
 * retrying a checkout never spends the allowance. The point is taken before the payments service is
 * asked, in one Redis step with the check (simultaneous requests cannot all pass), and given back when
 * the answer is a reused intent or a refusal.
 *
 * Declined cards per user (card testing tries many numbers in a row; a person retyping a card declines a
 * few times at most). Each confirmation takes one point before its card is tried, in one Redis step with
 * the check, and gives it back unless the card was declined: simultaneous confirmations cannot get more
 * card verdicts than the allowance.
 */
@Injectable()
export class PaymentRateLimiter extends RedisLimits {
  private readonly declines = this.limiter('payment-declines');
  private readonly started;

  constructor(@Inject(GATEWAY_REDIS) redis: Redis, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    super(redis, config);
    // The counter keeps its name from when every checkout request was counted.
    this.started = redisLimiter(
      redis,
      config,
      'payment-intent',
      config.RATE_LIMIT_PAYMENT_INTENTS,
      config.RATE_LIMIT_PAYMENT_INTENTS_WINDOW_SECONDS,
    );
  }

  /** Runs `start` within the user's allowance of new payments: 429 with Retry-After when it is spent. */
  async limitNewPayments<T extends object>(userId: string, start: () => Promise<T>): Promise<T> {
    const point = await reserveOrRefuse(this.started, userId, 'You have started too many payments for now');
    let result: T;
    try {
      result = await start();
    } catch (error) {
      // Refused (not your hero, already premium, bad input): no payment was opened. A failure or a
      // timeout keeps the point: the intent may have been opened.
      if (error instanceof RemoteError && error.status >= 400 && error.status < 500) await point.release();
      throw error;
    }
    if ((result as { reused?: unknown }).reused === true) await point.release();
    return result;
  }

  /** Runs `confirm` within the user's allowance of declines: 429 with Retry-After when it is spent. */
  async limitDeclines<T>(userId: string, confirm: () => Promise<T>): Promise<T> {
    const point = await reserveOrRefuse(
      this.declines,
      userId,
      'Too many of your cards were declined for now',
    );
    let result: T;
    try {
      result = await confirm();
    } catch (error) {
      // A refusal before the card was tried (4xx other than 402) gives the point back. A declined card
      // keeps it, and so does a failure or a timeout, which may have come after the card was tried.
      if (error instanceof RemoteError && error.status >= 400 && error.status < 500 && error.status !== 402)
        await point.release();
      throw error;
    }
    await point.release();
    return result;
  }
}
