import { Injectable } from '@nestjs/common';
import {
  CHAPTER_PACK_PAYMENT_REQUIRED,
  ErrorCodes,
  formatUsd,
  priceFor,
  PREMIUM_STORY_CHAPTERS,
  ServiceError,
  STORY_FULLY_UNLOCKED,
  type ChapterGenerationJob,
  type PaymentSucceededEvent,
  type StoryBookView,
  type UnlockAfterPaymentCommand,
  type UnlockChaptersCommand,
} from '@starborn/contracts';
import { MessageBus } from '@starborn/messaging';
import { askNextChapters } from '../chapters/chapter.queries.js';
import { inTransaction, sqlOf } from '@starborn/database';
import { StoryWork } from '../story-work.service.js';
import { MediaLinks } from '../storybooks/media-links.js';
import { presentStorybook } from '../storybooks/storybook.presenter.js';
import {
  chaptersOf,
  findByHero,
  findById,
  setChapterCounts,
  type StorybookRow,
} from '../storybooks/storybook.queries.js';
import { storybookNotFound } from '../storybooks/storybooks.service.js';
import {
  isHeroId,
  isUuid,
  validHeroId,
  validPackCount,
  validStoryBookId,
  validUserId,
} from '../storybooks/validation.js';
import { applyChapterPack } from './chapter-pack.js';
import {
  confirmRefund,
  overdueCredits,
  recordCredits,
  redeemCredit,
  takeCredit,
  unrefundedCredits,
  type RedeemedBy,
  type TakenCredit,
} from './credit.queries.js';

/** A pack paid at the price of a story that was not premium, spent on the story once it is. */
export function packPriceChangedMessage(paid: number, price: number): string {
  return `This chapter pack was paid at ${formatUsd(paid)}, but packs for this story cost ${formatUsd(price)} now that it is premium. It was not used and its payment is refunded; please buy the pack again.`;
}

/** Overdue packs redeemed per sweep; the rest wait for the next one. */
const REDEEM_BATCH = 200;

type Target = { storyBookId: string } | { heroId: string };
type Attempt =
  | { kind: 'redeemed'; story: StorybookRow }
  | { kind: 'no-credit'; heroId: string }
  | { kind: 'skipped' }
  | { kind: 'refused'; heroId: string; paid: number; price: number };

/**
 * Paid chapter packs. A `chapters` payment is recorded as a credit; an unlock call spends exactly one
 * credit of that user for that hero, in the same transaction as the story's new counts, with the story
 * row locked so two calls for one story go one after the other. Credits nobody spends are spent by the
 * sweep after a grace period: chapters bought are never lost.
 */
@Injectable()
export class ChapterPacksService extends StoryWork {
  constructor(
    private readonly bus: MessageBus,
    private readonly media: MediaLinks,
  ) {
    super();
  }

  /** payment.succeeded for chapters: a credit, not yet an unlock. */
  async recordPurchase(event: PaymentSucceededEvent): Promise<void> {
    if (!isHeroId(event.heroId) || !isUuid(event.userId) || !event.paymentIntentId) {
      this.logger.warn(`Ignored chapter payment ${String(event.paymentIntentId)} with malformed ids`);
      return;
    }
    await recordCredits(sqlOf(this.dataSource), [
      {
        paymentIntentId: String(event.paymentIntentId),
        userId: event.userId,
        heroId: event.heroId,
        amount: Number.isInteger(event.amount) ? event.amount : 0,
        succeededAt: this.clock.now(),
      },
    ]);
  }

  unlock(command: UnlockChaptersCommand): Promise<StoryBookView> {
    const userId = validUserId(command?.userId);
    const storyBookId = validStoryBookId(command.storyBookId);
    validPackCount(command.count);
    return this.redeemForOwner(userId, { storyBookId }, 'unlock');
  }

  unlockAfterPayment(command: UnlockAfterPaymentCommand): Promise<StoryBookView> {
    const userId = validUserId(command?.userId);
    const heroId = validHeroId(command.heroId);
    return this.redeemForOwner(userId, { heroId }, 'unlock-after-payment');
  }

  /** The sweep: packs left unspent past the grace are spent for their buyer. Returns how many. */
  async redeemOverdue(): Promise<number> {
    await this.refundPending();
    const cutoff = new Date(this.clock.now().getTime() - this.config.CHAPTER_CREDIT_GRACE_MS);
    const overdue = await overdueCredits(
      sqlOf(this.dataSource),
      cutoff,
      REDEEM_BATCH,
      PREMIUM_STORY_CHAPTERS,
    );
    let redeemed = 0;
    for (const credit of overdue) {
      try {
        const attempt = await this.tryRedeem(
          credit.user_id,
          { heroId: credit.hero_id },
          'reconciliation',
          credit.payment_intent_id,
        );
        if (attempt.kind === 'redeemed') redeemed++;
      } catch (error) {
        // Full, or gone since it was listed: the credit stays for someone to look at.
        if (!(error instanceof ServiceError)) throw error;
      }
    }
    if (redeemed > 0) this.logger.log(`Redeemed ${redeemed} chapter pack(s) their buyers left unused`);
    return redeemed;
  }

  private async redeemForOwner(userId: string, target: Target, by: RedeemedBy): Promise<StoryBookView> {
    const first = await this.tryRedeem(userId, target, by);
    let attempt = first;
    if (attempt.kind === 'no-credit' || attempt.kind === 'refused') {
      // The payment's event may still be on its way: ask payments, record what it knows, try again.
      await this.fetchPurchases(userId, attempt.heroId);
      attempt = await this.tryRedeem(userId, target, by);
    }
    if (attempt.kind !== 'redeemed') {
      const refused = attempt.kind === 'refused' ? attempt : first.kind === 'refused' ? first : null;
      if (refused)
        throw new ServiceError(
          409,
          ErrorCodes.CONFLICT,
          packPriceChangedMessage(refused.paid, refused.price),
        );
      throw new ServiceError(402, ErrorCodes.PAYMENT_REQUIRED, CHAPTER_PACK_PAYMENT_REQUIRED);
    }
    const story = attempt.story;
    return presentStorybook(story, await chaptersOf(sqlOf(this.dataSource), story.id), this.media.forView());
  }

  /**
   * One transaction: lock the story, check it can grow, take one credit, apply the pack. A credit
   * paid below the pack's price for the story as it is now (bought before the story became premium)
   * is settled as refused, unlocks nothing, and its payment is refunded once committed.
   */
  private async tryRedeem(
    userId: string,
    target: Target,
    by: RedeemedBy,
    paymentIntentId?: string,
  ): Promise<Attempt> {
    const now = this.clock.now();
    let jobs: ChapterGenerationJob[] = [];
    const refused: TakenCredit[] = [];
    const attempt = await inTransaction(this.dataSource, async (sql): Promise<Attempt> => {
      const story =
        'storyBookId' in target
          ? await findById(sql, target.storyBookId, userId, { lock: true })
          : await findByHero(sql, target.heroId, userId, { lock: true });
      if (!story) throw storybookNotFound();
      const counts = applyChapterPack({
        isPremium: story.is_premium,
        total: story.chapters_total_count,
        unlocked: story.chapters_unlocked_count,
      });
      if (!counts) throw new ServiceError(409, ErrorCodes.CONFLICT, STORY_FULLY_UNLOCKED);
      const price = priceFor('chapters', story.is_premium).amount;
      let credit: TakenCredit | undefined;
      for (;;) {
        credit = await takeCredit(sql, { userId, heroId: story.hero_id }, paymentIntentId);
        // Paid less than a pack costs now: refused. Paid the premium price for a story not premium
        // yet is fine: payments prices packs as premium from the premium payment on, a moment
        // before this story hears of it.
        if (!credit || credit.amount >= price) break;
        await redeemCredit(sql, credit.paymentIntentId, {
          by: 'refused',
          storybookId: story.id,
          chaptersUnlocked: 0,
          now,
        });
        refused.push(credit);
      }
      if (!credit) {
        if (refused.length > 0)
          return { kind: 'refused', heroId: story.hero_id, paid: refused[0].amount, price };
        return paymentIntentId ? { kind: 'skipped' } : { kind: 'no-credit', heroId: story.hero_id };
      }
      const updated = await setChapterCounts(sql, story.id, counts, now);
      await redeemCredit(sql, credit.paymentIntentId, {
        by,
        storybookId: story.id,
        chaptersUnlocked: counts.unlocked - story.chapters_unlocked_count,
        now,
      });
      jobs = await askNextChapters(sql, [updated], now);
      return { kind: 'redeemed', story: updated };
    });
    for (const credit of refused) await this.refund(credit);
    if (attempt.kind === 'redeemed') await this.followUp(jobs, [attempt.story]);
    return attempt;
  }

  /** Asks payments to refund a refused pack; false (logged, retried by the sweep) when it could not. */
  private async refund(credit: { paymentIntentId: string; userId: string }): Promise<boolean> {
    try {
      await this.bus.request('payments.refund', {
        paymentIntentId: credit.paymentIntentId,
        userId: credit.userId,
        reason: 'price_changed',
      });
    } catch (error) {
      this.logger.error(
        `Refunding refused chapter pack ${credit.paymentIntentId} failed (${(error as Error).message}); it will be retried`,
      );
      return false;
    }
    await confirmRefund(sqlOf(this.dataSource), credit.paymentIntentId, this.clock.now());
    return true;
  }

  /** Refused packs whose refund did not go through: asked again. */
  private async refundPending(): Promise<void> {
    for (const row of await unrefundedCredits(sqlOf(this.dataSource), REDEEM_BATCH))
      if (!(await this.refund({ paymentIntentId: row.payment_intent_id, userId: row.user_id }))) break;
  }

  private async fetchPurchases(userId: string, heroId: string): Promise<void> {
    const payments = await this.bus.request('payments.list-succeeded', {
      userId,
      heroId,
      paymentType: 'chapters',
    });
    const now = this.clock.now();
    const added = await recordCredits(
      sqlOf(this.dataSource),
      (Array.isArray(payments) ? payments : [])
        .filter((p) => p.status === 'succeeded' && p.paymentType === 'chapters' && p.heroId === heroId)
        .map((p) => ({
          paymentIntentId: p.id,
          userId,
          heroId,
          amount: p.amount,
          succeededAt: now,
        })),
    );
    if (added > 0)
      this.logger.log(`Recorded ${added} chapter pack(s) of hero ${heroId} ahead of their event`);
  }
}
