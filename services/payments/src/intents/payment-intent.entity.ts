import type { PaymentIntentStatus, PaymentType } from '@starborn/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

export type ProviderName = 'local' | 'stripe';

@Entity({ name: 'payment_intents' })
export class PaymentIntent {
  /** The provider's intent id (pi_…). */
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ type: 'text' })
  provider!: ProviderName;

  @Column({ name: 'client_secret', type: 'text' })
  clientSecret!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'hero_id', type: 'char', length: 32 })
  heroId!: string;

  @Column({ name: 'payment_type', type: 'text' })
  paymentType!: PaymentType;

  /** USD cents, from the server's price table. */
  @Column({ type: 'integer' })
  amount!: number;

  @Column({ type: 'text', default: 'usd' })
  currency!: 'usd';

  @Column({ type: 'text' })
  status!: PaymentIntentStatus;

  @Column({ name: 'wallet_address', type: 'text', nullable: true })
  walletAddress!: string | null;

  @Column({ name: 'receipt_email', type: 'text', nullable: true })
  receiptEmail!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'succeeded_at', type: 'timestamptz', nullable: true })
  succeededAt!: Date | null;

  /** Declined card attempts on this intent; at the limit the intent is cancelled (card testing). */
  @Column({ type: 'integer', default: 0 })
  declines!: number;

  /** Why a paid intent was refunded instead of fulfilled ('already_premium', 'price_changed'). */
  @Column({ name: 'refund_reason', type: 'text', nullable: true })
  refundReason!: string | null;

  /** The provider's refund id, once the provider confirmed the refund. */
  @Column({ name: 'refund_id', type: 'text', nullable: true })
  refundId!: string | null;

  @Column({ name: 'refunded_at', type: 'timestamptz', nullable: true })
  refundedAt!: Date | null;

  /** Set once payment.succeeded reached the bus; the re-emitter picks up succeeded intents without it. */
  @Column({ name: 'fulfilled_event_emitted', type: 'boolean', default: false })
  fulfilledEventEmitted!: boolean;
}
