import { randomBytes } from 'node:crypto';
import type { CreateProviderIntent, PaymentProvider, ProviderIntent } from './payment-provider.js';

/** Offline provider: the service's own table is the truth; cards are judged by `confirm-local`. */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;

  async createIntent(_request: CreateProviderIntent): Promise<ProviderIntent> {
    const id = `pi_local_${randomBytes(12).toString('hex')}`;
    return {
      id,
      clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
      status: 'requires_payment_method',
    };
  }

  async retrieve(): Promise<null> {
    return null;
  }

  /** No money moved anywhere: the refund is the service's own record. */
  async refund(id: string): Promise<string> {
    return `re_local_${id.slice(-24)}`;
  }

  async cancel(): Promise<void> {}
}
