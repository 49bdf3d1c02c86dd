/** Payments: the server's price table is the only source of amounts. */
export type PaymentType = 'premium_upgrade' | 'chapters';
export const PAYMENT_TYPES: readonly PaymentType[] = ['premium_upgrade', 'chapters'];
export type PaymentIntentStatus =
  'requires_payment_method' | 'processing' | 'succeeded' | 'canceled' | 'failed' | 'refunded';

export interface PriceQuote {
  paymentType: PaymentType;
  /** USD cents. */
  amount: number;
  currency: 'usd';
  label: string;
}

export interface CreatePaymentIntentCommand {
  userId: string;
  heroId: string;
  paymentType: PaymentType;
  /** Whether the hero's story is premium (decides the chapter-pack price); told by the caller that owns heroes. */
  premiumStory: boolean;
  email?: string;
  walletAddress?: string | null;
}

/**
 * What a user asks to buy for one of their heroes. The payments service applies the sale rules (premium
 * is bought once; chapter packs only for a story that can still take more) and the price table.
 */
export interface CheckoutCommand {
  userId: string;
  heroId: string;
  paymentType: PaymentType;
  email?: string;
  walletAddress?: string | null;
}

/** What a checkout would charge for one of the user's heroes, asked without opening a payment. */
export type CheckoutQuoteQuery = Pick<CheckoutCommand, 'userId' | 'heroId' | 'paymentType'>;

export interface PaymentIntentDto {
  id: string;
  clientSecret: string;
  provider: 'local' | 'stripe';
  amount: number;
  currency: 'usd';
  paymentType: PaymentType;
  heroId: string;
  status: PaymentIntentStatus;
  /** True when a checkout was handed the user's open intent again instead of a new payment. */
  reused?: boolean;
}

export interface ConfirmLocalPaymentCommand {
  userId: string;
  clientSecret: string;
  card: { number: string; expMonth: number; expYear: number; cvc: string };
}

export interface StripeWebhookCommand {
  /** The request body exactly as received (base64), for the signature check. */
  rawBodyBase64: string;
  signature: string;
}

/** A succeeded payment that must not be used after all (storybook: a pack paid at an outdated price). */
export interface RefundPaymentCommand {
  paymentIntentId: string;
  userId: string;
  reason: 'price_changed';
}

export interface SucceededPaymentQuery {
  userId: string;
  heroId: string;
  paymentType: PaymentType;
}

export interface PaymentSucceededEvent {
  paymentIntentId: string;
  userId: string;
  heroId: string;
  paymentType: PaymentType;
  amount: number;
  currency: 'usd';
}
