import { Injectable } from '@nestjs/common';
import {
  ErrorCodes,
  HERO_ID_PATTERN,
  ServiceError,
  type HeroDto,
  type PaymentStatus,
  type PaymentSucceededEvent,
} from '@starborn/contracts';
import { MessageBus } from '@starborn/messaging';
import { findOwnedPaymentStatus, markHeroPaid } from '../heroes/hero.queries.js';
import { HeroWork, heroNotFound } from '../heroes/hero-work.service.js';

export const PAYMENT_REQUIRED_MESSAGE = 'No completed payment was found for this hero.';

export interface HeroOwnerQuery {
  userId: string;
  heroId: string;
}

/**
 * Premium heroes: a hero becomes paid only on a succeeded premium_upgrade payment of its owner, told
 * either by the durable `payment.succeeded` event or, when the client asks before the event arrived,
 * by `payments.find-succeeded`. Both apply the same conditional update, so a payment is applied once.
 */
@Injectable()
export class PremiumService extends HeroWork {
  constructor(private readonly bus: MessageBus) {
    super();
  }

  /** payment.succeeded: only premium upgrades concern heroes ('chapters' belong to storybook). */
  async applyPayment(event: PaymentSucceededEvent): Promise<void> {
    if (event?.paymentType !== 'premium_upgrade') return;
    if (!HERO_ID_PATTERN.test(String(event.heroId ?? ''))) {
      this.logger.warn(`Ignored payment ${event.paymentIntentId} for a malformed hero id`);
      return;
    }
    const applied = await this.markPaid(event.heroId, event.userId);
    if (!applied)
      this.logger.log(`Payment ${event.paymentIntentId} for hero ${event.heroId}: nothing to apply`);
  }

  /** The client's "I paid": checked with the payments service, never taken on trust. */
  async setPremium({ userId, heroId }: HeroOwnerQuery): Promise<HeroDto> {
    const hero = await this.findOwned(userId, heroId);
    if (hero.paymentStatus === 'paid') return this.presenter.present(hero);
    const payment = await this.bus.request('payments.find-succeeded', {
      userId,
      heroId,
      paymentType: 'premium_upgrade',
    });
    if (!payment || payment.status !== 'succeeded') {
      throw new ServiceError(402, ErrorCodes.PAYMENT_REQUIRED, PAYMENT_REQUIRED_MESSAGE);
    }
    await this.markPaid(heroId, userId);
    return this.presenter.present(await this.findOwned(userId, heroId));
  }

  /** What the payments service needs to price a payment for this hero; 404 for another user's hero. */
  async paymentContext({
    userId,
    heroId,
  }: HeroOwnerQuery): Promise<{ premiumStory: boolean; paymentStatus: PaymentStatus }> {
    const hero = await findOwnedPaymentStatus(this.db, this.validHeroId(heroId), String(userId ?? ''));
    if (!hero) throw heroNotFound();
    return { premiumStory: hero.paymentStatus === 'paid', paymentStatus: hero.paymentStatus };
  }

  /** unpaid → paid once; true when this call made the change (and announced it). */
  private async markPaid(heroId: string, userId: string): Promise<boolean> {
    const status = await markHeroPaid(this.db, heroId, userId);
    if (status === undefined) return false;
    // The status is unchanged; the notice makes the owner's browser fetch the now full-quality hero.
    await this.announce({ heroId, userId, status }, 'the payment');
    return true;
  }
}
