import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A provider (webhook) event already handled: replay protection. */
@Entity({ name: 'payment_events' })
export class PaymentEvent {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ type: 'text' })
  type!: string;

  @Column({ name: 'intent_id', type: 'text', nullable: true })
  intentId!: string | null;

  @Column({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;
}
