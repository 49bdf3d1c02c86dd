import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PaymentSucceededEvent } from '@starborn/contracts';
import { MessageBus } from '@starborn/messaging';
import { Clock, PeriodicTask, type ApplicationLifecycle } from '@starborn/runtime';
import { inTransaction, sqlOf, type Sql } from '@starborn/database';
import type { DataSource } from 'typeorm';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../config.js';
import { countPayment } from '../metrics/payment-metrics.js';
import { priceFor } from '../pricing/price-table.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../providers/payment-provider.js';
import {
  FINAL_STATUSES,
  findIntent,
  getIntent,
  lockHero,
  markEventEmitted,
  markSucceeded,
  premiumPaid,
  recordRefund,
  refundInsteadOfFulfilling,
  unconfirmedRefunds,
  unemittedSucceeded,
  type PaymentIntent,
} from './payments.queries.js';

/** Why a paid intent is not fulfilled. */
export type RefusalReason = 'already_premium' | 'price_changed';

/** What settling a paid intent did: fulfilled it, or decided to refund it; null when it was settled before. */
export type Settlement =
  | { kind: 'succeeded'; intent: PaymentIntent }
  | { kind: 'refund'; intent: PaymentIntent; reason: RefusalReason };

const REEMIT_BATCH = 100;

/**
 * The one path from "paid" to "fulfilled", for both providers: the status moves to succeeded once
 * (a conditional update), then `payment.succeeded` is emitted with the intent id as event id, so
 * a retry or a replay never fulfils twice. An emit that fails (Redis down) leaves
 * `fulfilled_event_emitted = false`; a periodic sweep (also at boot) emits those again.
 */
@Injectable()
export class FulfilmentService implements ApplicationLifecycle {
  private readonly logger = new Logger(FulfilmentService.name);
  private readonly reemit: PeriodicTask<number>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly bus: MessageBus,
    private readonly clock: Clock,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {
    this.reemit = new PeriodicTask(this.config.PAYMENTS_REEMIT_INTERVAL_MS, () => this.sweep());
  }

  onApplicationBootstrap(): void {
    void this.reemit.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.reemit.stop();
  }

  /**
   * Why this intent must not be fulfilled now, if it must not: a premium upgrade for a hero whose
   * premium is paid already, or a chapter pack whose amount is not the price for the hero's story as
   * it is now (a story is premium exactly when its hero's premium payment succeeded, which this
   * service records itself). Run it under {@link lockHero} to act on the answer.
   */
  async refusalOf(intent: PaymentIntent, sql: Sql = sqlOf(this.dataSource)) {
    const paid = await premiumPaid(sql, intent.heroId, intent.id);
    if (intent.paymentType === 'premium_upgrade') return paid ? ('already_premium' as const) : null;
    return intent.amount === priceFor('chapters', paid).amount ? null : ('price_changed' as const);
  }

  /**
   * The provider took the money: the intent becomes succeeded once (a conditional update), or, when
   * it must not be fulfilled (see {@link refusalOf}), refunded instead. Null when it was settled before.
   * Runs in the caller's transaction when given one.
   */
  async settle(intentId: string, sql?: Sql): Promise<Settlement | null> {
    if (!sql) return inTransaction(this.dataSource, (tx) => this.settle(intentId, tx));
    const found = await findIntent(sql, intentId);
    if (!found || isFinal(found)) return null;
    await lockHero(sql, found.heroId);
    const intent = await getIntent(sql, intentId);
    if (isFinal(intent)) return null;

    const now = this.clock.now();
    const reason = await this.refusalOf(intent, sql);
    if (reason) {
      await refundInsteadOfFulfilling(sql, intentId, reason, now);
      this.logger.warn(`Payment ${intentId} for hero ${intent.heroId} is refunded, not fulfilled: ${reason}`);
      return { kind: 'refund', intent: await getIntent(sql, intentId), reason };
    }
    const succeeded = await markSucceeded(sql, intentId, now);
    return succeeded ? { kind: 'succeeded', intent: succeeded } : null;
  }

  /** After {@link settle}: emits a fulfilment, or asks the provider for the refund. */
  async afterSettle(settlement: Settlement | null): Promise<void> {
    if (settlement?.kind === 'succeeded') {
      // Counted here, once: only the settlement that moved the intent to succeeded gets this far.
      countPayment('succeeded');
      await this.emitSucceeded(settlement.intent);
    }
    if (settlement?.kind === 'refund') await this.refund(settlement.intent);
  }

  /**
   * Asks the provider to refund an intent marked refunded; false (and logged) when it could not. The
   * idempotency key makes a retry (the sweep) return the same refund, never a second one.
   */
  async refund(intent: PaymentIntent): Promise<boolean> {
    let refundId: string;
    try {
      refundId = await this.provider.refund(
        intent.id,
        `refund:${intent.id}`,
        intent.refundReason ?? 'refused',
      );
    } catch (error) {
      this.logger.error(
        `Refunding payment ${intent.id} failed (${(error as Error).message}); it will be retried`,
      );
      return false;
    }
    await recordRefund(sqlOf(this.dataSource), intent.id, refundId, this.clock.now());
    return true;
  }

  /** Emits payment.succeeded for a succeeded intent; false (and logged) when the bus is unreachable. */
  async emitSucceeded(intent: PaymentIntent): Promise<boolean> {
    const event: PaymentSucceededEvent = {
      paymentIntentId: intent.id,
      userId: intent.userId,
      heroId: intent.heroId,
      paymentType: intent.paymentType,
      amount: intent.amount,
      currency: intent.currency,
    };
    try {
      await this.bus.emitEvent('payment.succeeded', event, { eventId: intent.id });
    } catch (error) {
      this.logger.warn(
        `payment.succeeded for ${intent.id} not emitted (${(error as Error).message}); it will be re-emitted`,
      );
      return false;
    }
    await markEventEmitted(sqlOf(this.dataSource), intent.id);
    return true;
  }

  /** Emits the events of succeeded intents that never reached the bus; returns how many went out. */
  emitPending(): Promise<number> {
    return this.reemit.run();
  }

  private async sweep(): Promise<number> {
    let emitted = 0;
    try {
      const sql = sqlOf(this.dataSource);
      const pending = await unemittedSucceeded(sql, REEMIT_BATCH);
      for (const intent of pending) {
        if (!(await this.emitSucceeded(intent))) break; // the bus is still down: try again next round
        emitted++;
      }
      const unrefunded = await unconfirmedRefunds(sql, this.provider.name, REEMIT_BATCH);
      for (const intent of unrefunded) if (!(await this.refund(intent))) break;
    } catch (error) {
      this.logger.warn(`Re-emitting payment events failed: ${(error as Error).message}`);
    }
    return emitted;
  }
}

function isFinal(intent: PaymentIntent): boolean {
  return (FINAL_STATUSES as readonly string[]).includes(intent.status);
}
