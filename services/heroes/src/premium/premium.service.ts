import { Injectable, Logger } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import {
  ErrorCodes,
  HERO_ID_PATTERN,
  ServiceError,
  type HeroDto,
  type PaymentStatus,
  type PaymentSucceededEvent,
} from '@starborn/contracts';
import { MessageBus } from '@starborn/messaging';
import type { EntityManager } from 'typeorm';
import { HeroPresenter } from '../heroes/hero.presenter.js';
import type { Hero } from '../heroes/hero.entity.js';
import { findOwnedHero, findOwnedPaymentStatus, markHeroPaid } from '../heroes/hero.queries.js';
import { HeroStatusPublisher } from '../heroes/hero-status.publisher.js';
import { HERO_NOT_FOUND } from '../heroes/heroes.service.js';

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
export class PremiumService {
  private readonly logger = new Logger(PremiumService.name);

  constructor(
    @InjectEntityManager() private readonly db: EntityManager,
    private readonly presenter: HeroPresenter,
    private readonly status: HeroStatusPublisher,
    private readonly bus: MessageBus,
  ) {}

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
    if (!hero) throw notFound();
    return { premiumStory: hero.paymentStatus === 'paid', paymentStatus: hero.paymentStatus };
  }

  /** unpaid → paid once; true when this call made the change (and announced it). */
  private async markPaid(heroId: string, userId: string): Promise<boolean> {
    const status = await markHeroPaid(this.db, heroId, userId);
    if (status === undefined) return false;
    // The status is unchanged; the notice makes the owner's browser fetch the now full-quality hero.
    await this.status
      .publish({ heroId, userId, status })
      .catch((error: Error) =>
        this.logger.warn(`Could not announce the payment of hero ${heroId}: ${error.message}`),
      );
    return true;
  }

  private async findOwned(userId: string, heroId: string): Promise<Hero> {
    const hero = await findOwnedHero(this.db, this.validHeroId(heroId), String(userId ?? ''));
    if (!hero) throw notFound();
    return hero;
  }

  private validHeroId(heroId: unknown): string {
    const id = String(heroId ?? '');
    if (!HERO_ID_PATTERN.test(id)) throw notFound();
    return id;
  }
}

const notFound = () => new ServiceError(404, ErrorCodes.NOT_FOUND, HERO_NOT_FOUND);
