/** The local provider's card rules: Stripe's test cards behave as they do in Stripe's test mode. */
import { passesLuhn } from '@starborn/contracts';

export type CardCheck = { ok: true } | { ok: false; message: string; declineCode: string };

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export const CARD_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  invalidNumber: 'Your card number is invalid.',
  invalidCvc: "Your card's security code is invalid.",
  invalidExpiry: "Your card's expiration date is invalid.",
} as const;

const TEST_CARD_FAILURES: Record<string, { message: string; declineCode: string }> = {
  '4000000000000002': { message: CARD_MESSAGES.declined, declineCode: 'card_declined' },
  '4000000000009995': { message: CARD_MESSAGES.insufficientFunds, declineCode: 'insufficient_funds' },
  '4000000000000069': { message: CARD_MESSAGES.expired, declineCode: 'expired_card' },
  '4000000000000127': { message: CARD_MESSAGES.incorrectCvc, declineCode: 'incorrect_cvc' },
};

export function normalizeCardNumber(number: unknown): string {
  return String(number ?? '').replace(/[\s-]/g, '');
}

/** Whether a charge on this card goes through, judged at `now` (expiry is the end of the month, UTC). */
export function checkCard(card: CardInput, now: Date): CardCheck {
  const number = normalizeCardNumber(card?.number);
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number))
    return { ok: false, message: CARD_MESSAGES.invalidNumber, declineCode: 'invalid_number' };

  const month = Number(card.expMonth);
  let year = Number(card.expYear);
  if (Number.isInteger(year) && year >= 0 && year < 100) year += 2000;
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year))
    return { ok: false, message: CARD_MESSAGES.invalidExpiry, declineCode: 'invalid_expiry' };
  const nowMonths = now.getUTCFullYear() * 12 + now.getUTCMonth(); // months since year 0, zero-based
  if (year * 12 + (month - 1) < nowMonths)
    return { ok: false, message: CARD_MESSAGES.expired, declineCode: 'expired_card' };

  if (!/^\d{3,4}$/.test(String(card.cvc ?? '')))
    return { ok: false, message: CARD_MESSAGES.invalidCvc, declineCode: 'invalid_cvc' };

  const failure = TEST_CARD_FAILURES[number];
  if (failure) return { ok: false, ...failure };
  return { ok: true };
}
