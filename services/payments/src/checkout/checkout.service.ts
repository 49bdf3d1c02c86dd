import { Injectable } from '@nestjs/common';
import {
  ErrorCodes,
  STORY_FULLY_UNLOCKED,
  ServiceError,
  type CheckoutCommand,
  type CheckoutQuoteQuery,
  type PaymentIntentDto,
  type PriceQuote,
} from '@starborn/contracts';
import { AiQuotaFlag, MessageBus, RemoteError } from '@starborn/messaging';
import { MESSAGES, PaymentsService } from '../intents/payments.service.js';

/** A chapters purchase for a hero whose storybook does not exist (yet). */
export const NO_STORYBOOK_YET_MESSAGE =
  "This hero's storybook is not ready yet, so there are no chapters to unlock. Please try again once your hero's first chapter has appeared.";

export const PAYMENT_QUOTA_MESSAGE =
  'Payment processing is temporarily disabled because the AI service quota has been exceeded. Please try again later.';

const conflict = (message: string) => new ServiceError(409, ErrorCodes.CONFLICT, message);

/**
 * What may be sold for a hero, decided before any money moves: a premium upgrade only while the hero
 * is not premium; a chapter pack only once the hero's storybook exists and while a premium story still
 * has locked chapters, priced by whether that story is premium (as the chapters panel labels it). No
 * payment starts while the AI quota is exceeded. Each refusal is checked in this order.
 */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly bus: MessageBus,
    private readonly quota: AiQuotaFlag,
    private readonly payments: PaymentsService,
  ) {}

  async checkout(command: CheckoutCommand): Promise<PaymentIntentDto> {
    const premiumStory = await this.saleAllowed(command);
    if (await this.quota.isExceeded()) {
      throw new ServiceError(429, ErrorCodes.QUOTA_EXCEEDED, PAYMENT_QUOTA_MESSAGE, {
        errorType: 'quota_exceeded',
      });
    }
    return this.payments.createIntent({ ...command, premiumStory });
  }

  /**
   * What the checkout would charge, by the same sale rules (the same 404 and 409 refusals), opening no
   * payment: the page shows it, and says why nothing can be bought, before anyone presses Pay.
   */
  async quote(query: CheckoutQuoteQuery): Promise<PriceQuote> {
    const premiumStory = await this.saleAllowed(query);
    return this.payments.quote(query.paymentType, premiumStory);
  }

  /** The sale rules for this hero; answers whether its story is premium (the chapter-pack price). */
  private async saleAllowed({ userId, heroId, paymentType }: CheckoutQuoteQuery): Promise<boolean> {
    // Answers 404 for a hero that is not this user's.
    const hero = await this.bus.request('heroes.payment-context', { userId, heroId });
    if (paymentType === 'premium_upgrade' && hero.paymentStatus === 'paid') {
      throw conflict(MESSAGES.alreadyPremium);
    }
    return paymentType === 'chapters' ? this.premiumStoryTakingChapters(userId, heroId) : hero.premiumStory;
  }

  /** Whether the hero's story is premium; 409 when there is no storybook yet or nothing left to unlock. */
  private async premiumStoryTakingChapters(userId: string, heroId: string): Promise<boolean> {
    const view = await this.bus.request('storybook.get', { userId, heroId }).catch((error: unknown) => {
      if (error instanceof RemoteError && error.status === 404) return null;
      throw error;
    });
    if (!view) throw conflict(NO_STORYBOOK_YET_MESSAGE);
    const { storyBook } = view;
    if (storyBook.isPremium && storyBook.chaptersUnlockedCount >= storyBook.chaptersTotalCount) {
      throw conflict(STORY_FULLY_UNLOCKED);
    }
    return storyBook.isPremium;
  }
}
