import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PaymentSucceededEvent } from '@starborn/contracts';
import { MessageBus } from '@starborn/messaging';
import { Clock } from '@starborn/runtime';
import { DataSource, Not, type EntityManager } from 'typeorm';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../config.js';
import { PaymentIntent } from './payment-intent.entity.js';

const REEMIT_BATCH = 100;

/**
 * The one path from "paid" to "fulfilled", for both providers: the status moves to succeeded once
 * (a conditional update), then `payment.succeeded` is emitted with the intent id as event id, so
 * a retry or a replay never fulfils twice. An emit that fails (Redis down) leaves
 * `fulfilled_event_emitted = false`; a periodic sweep (also at boot) emits those again.
 */
@Injectable()
export class FulfilmentService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(FulfilmentService.name);
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<number>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly bus: MessageBus,
    private readonly clock: Clock,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  onApplicationBootstrap(): void {
    void this.emitPending();
    this.timer = setInterval(() => void this.emitPending(), this.config.PAYMENTS_REEMIT_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.sweeping;
  }

  /** Moves an intent to succeeded; returns it when this call made the move, null when it already was. */
  async markSucceeded(intentId: string, manager: EntityManager = this.dataSource.manager) {
    const now = this.clock.now();
    const result = await manager.update(
      PaymentIntent,
      { id: intentId, status: Not('succeeded') },
      { status: 'succeeded', succeededAt: now, updatedAt: now },
    );
    if (!result.affected) return null;
    return manager.findOneByOrFail(PaymentIntent, { id: intentId });
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
    await this.dataSource.manager.update(PaymentIntent, { id: intent.id }, { fulfilledEventEmitted: true });
    return true;
  }

  /** Emits the events of succeeded intents that never reached the bus; returns how many went out. */
  emitPending(): Promise<number> {
    this.sweeping ??= this.sweep().finally(() => (this.sweeping = undefined));
    return this.sweeping;
  }

  private async sweep(): Promise<number> {
    let emitted = 0;
    try {
      const pending = await this.dataSource.manager.find(PaymentIntent, {
        where: { status: 'succeeded', fulfilledEventEmitted: false },
        order: { succeededAt: 'ASC' },
        take: REEMIT_BATCH,
      });
      for (const intent of pending) {
        if (!(await this.emitSucceeded(intent))) break; // the bus is still down: try again next round
        emitted++;
      }
    } catch (error) {
      this.logger.warn(`Re-emitting payment events failed: ${(error as Error).message}`);
    }
    return emitted;
  }
}
