import { Injectable } from '@nestjs/common';
import { RemoteError } from '@starborn/messaging';
import { RedisLimits, reserveOrRefuse } from '../limits/redis-limits.js';

/**
 * Declined cards per user (card testing tries many numbers in a row; a person retyping a card declines a
 * few times at most). Each confirmation takes one point before its card is tried, in one Redis step with
 * the check, and gives it back unless the card was declined: simultaneous confirmations cannot get more
 * card verdicts than the allowance.
 */
@Injectable()
export class PaymentRateLimiter extends RedisLimits {
  private readonly declines = this.limiter('payment-declines');

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
