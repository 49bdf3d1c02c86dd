import type { PaymentIntentStatus } from '@starborn/contracts';
import type { ProviderName } from '../intents/payments.queries.js';

export interface CreateProviderIntent {
  amount: number;
  currency: 'usd';
  metadata: { heroId: string; userId: string; paymentType: string };
  receiptEmail: string | null;
  idempotencyKey: string;
}

export interface ProviderIntent {
  id: string;
  clientSecret: string;
  status: PaymentIntentStatus;
}

/** A verified provider event, reduced to what the service needs. */
export interface ProviderEvent {
  id: string;
  type: string;
  intent?: { id: string; amount: number; currency: string; status: PaymentIntentStatus };
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createIntent(request: CreateProviderIntent): Promise<ProviderIntent>;
  /** The provider's current status of an intent; null when the provider keeps no state of its own (local). */
  retrieve(id: string): Promise<PaymentIntentStatus | null>;
  /** Refunds a paid intent in full; returns the provider's refund id. Idempotent per key. */
  refund(id: string, idempotencyKey: string, reason: string): Promise<string>;
  /** Cancels an unpaid intent so that no later confirmation can charge it. */
  cancel(id: string): Promise<void>;
  /** Checks a webhook's signature on the raw body; throws when it does not match. */
  verifyWebhook?(rawBody: Buffer, signature: string): ProviderEvent;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');
