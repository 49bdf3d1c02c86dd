import type { PaymentType, PriceQuote } from './payments.js';

/**
 * The only source of amounts (USD cents). Whatever a client sends as an amount is ignored. Shared so
 * that storybook checks a chapter pack's amount against the same table when it is spent.
 */
export function priceFor(paymentType: PaymentType, premiumStory: boolean): PriceQuote {
  switch (paymentType) {
    case 'premium_upgrade':
      return { paymentType, amount: 399, currency: 'usd', label: 'Premium Hero Upgrade' };
    case 'chapters':
      return premiumStory
        ? { paymentType, amount: 399, currency: 'usd', label: '3 More Chapters – Premium Story' }
        : { paymentType, amount: 199, currency: 'usd', label: '3 More Chapters' };
    default:
      throw new Error(`Unknown payment type ${String(paymentType)}`);
  }
}

/** "$3.99" for 399 cents. */
export function formatUsd(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
