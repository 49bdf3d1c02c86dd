import type { PaymentIntentStatus } from '@starborn/contracts';
import Stripe from 'stripe';
import type {
  CreateProviderIntent,
  PaymentProvider,
  ProviderEvent,
  ProviderIntent,
} from './payment-provider.js';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

export function fromStripeStatus(status: string): PaymentIntentStatus {
  switch (status) {
    case 'succeeded':
      return 'succeeded';
    case 'canceled':
      return 'canceled';
    case 'processing':
    case 'requires_capture':
      return 'processing';
    default:
      return 'requires_payment_method';
  }
}

/** Stripe PaymentIntents through the official SDK. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeProviderOptions) {
    this.stripe = new Stripe(options.secretKey, {
      host: options.host,
      port: options.port,
      protocol: options.protocol,
      maxNetworkRetries: 1,
      timeout: 20_000,
      appInfo: { name: 'starborn-payments' },
    });
  }

  async createIntent(request: CreateProviderIntent): Promise<ProviderIntent> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: request.amount,
        currency: request.currency,
        metadata: request.metadata,
        automatic_payment_methods: { enabled: true },
        ...(request.receiptEmail ? { receipt_email: request.receiptEmail } : {}),
      },
      { idempotencyKey: request.idempotencyKey },
    );
    if (!intent.client_secret) throw new Error(`Stripe returned intent ${intent.id} without a client secret`);
    return { id: intent.id, clientSecret: intent.client_secret, status: fromStripeStatus(intent.status) };
  }

  async retrieve(id: string): Promise<PaymentIntentStatus> {
    const intent = await this.stripe.paymentIntents.retrieve(id);
    return fromStripeStatus(intent.status);
  }

  async refund(id: string, idempotencyKey: string, reason: string): Promise<string> {
    const refund = await this.stripe.refunds.create(
      {
        payment_intent: id,
        ...(reason === 'already_premium' ? { reason: 'duplicate' as const } : {}),
        metadata: { reason },
      },
      { idempotencyKey },
    );
    return refund.id;
  }

  async cancel(id: string): Promise<void> {
    const intent = await this.stripe.paymentIntents.retrieve(id);
    // Already final at Stripe (paid, or cancelled before): nothing left to stop.
    if (intent.status === 'canceled' || intent.status === 'succeeded') return;
    await this.stripe.paymentIntents.cancel(id, { cancellation_reason: 'fraudulent' });
  }

  verifyWebhook(rawBody: Buffer, signature: string): ProviderEvent {
    const event = this.stripe.webhooks.constructEvent(rawBody, signature, this.options.webhookSecret);
    const object = event.data?.object as unknown as Record<string, unknown> | undefined;
    const isIntent = object?.object === 'payment_intent' && typeof object.id === 'string';
    return {
      id: event.id,
      type: event.type,
      intent: isIntent
        ? {
            id: object.id as string,
            amount: Number(object.amount),
            currency: String(object.currency),
            status: fromStripeStatus(String(object.status)),
          }
        : undefined,
    };
  }
}
