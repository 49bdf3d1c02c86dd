import { Injectable } from '@nestjs/common';
import { countOutcome, RedisLimits, refuseIfSpent } from '../limits/redis-limits.js';

/**
 * Declined cards per user (card testing tries many numbers in a row; a person retyping a card declines a
 * few times at most). Only declines count, so the check before a confirmation reads without consuming.
 */
@Injectable()
export class PaymentRateLimiter extends RedisLimits {
  private readonly declines = this.limiter('payment-declines');

  /** Before a card is tried: 429 with Retry-After while the user's declines are at the limit. */
  assertMayConfirm(userId: string): Promise<void> {
    return refuseIfSpent(this.declines, userId, 'Too many of your cards were declined for now');
  }

  /** A card of this user was declined. */
  countDecline(userId: string): Promise<void> {
    return countOutcome(this.declines, userId);
  }
}
