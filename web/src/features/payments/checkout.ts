/**
 * The pure rules of the checkout screen: which
 * purchase the query asks for, the card form's formatting and checks, amounts in USD and the
 * messages a failed step shows. The page calls these; Jest tests them.
 */
import { passesLuhn, type PaymentType } from '@starborn/contracts';
import { asApiError } from '../../app/apiErrors';

export type { PaymentType };

export interface CheckoutMode {
  paymentType: PaymentType;
  title: string;
  buttonLabel: string;
  /** True for the chapters purchase (the API's `unlockChapters` flag; 3 chapters each). */
  unlockChapters: boolean;
  /** The amount the link passed, in cents (only a hint: the server's price is the one shown). */
  requestedAmount: number | null;
}

export const CHAPTERS_PER_PURCHASE = 3;
/** Premium upgrade 3.99 USD; chapters 1.99 USD in the checkout request. */
export const DEFAULT_PRICES: Record<PaymentType, number> = { premium_upgrade: 399, chapters: 199 };

/** type=chapters → 'Unlock More Chapters' / 'Unlock 3 Chapters'; anything else is the upgrade. */
export function checkoutModeFromQuery(params: URLSearchParams): CheckoutMode {
  const rawAmount = params.get('amount');
  const amount = rawAmount !== null && /^\d+$/.test(rawAmount) ? Number(rawAmount) : null;
  if (params.get('type') === 'chapters') {
    return {
      paymentType: 'chapters',
      title: 'Unlock More Chapters',
      buttonLabel: `Unlock ${CHAPTERS_PER_PURCHASE} Chapters`,
      unlockChapters: true,
      requestedAmount: amount,
    };
  }
  return {
    paymentType: 'premium_upgrade',
    title: 'Unlock Premium Hero',
    buttonLabel: 'Upgrade to Premium',
    unlockChapters: false,
    requestedAmount: amount,
  };
}

/** Cents → '$3.99' (USD; other currencies get their code). */
export function formatAmount(cents: number, currency = 'usd'): string {
  const code = currency.toUpperCase();
  const value = (Math.max(0, Math.round(cents)) / 100).toFixed(2);
  return code === 'USD' ? `$${value}` : `${value} ${code}`;
}

/** Where the user goes after a successful payment. */
export function successPath(heroId: string, paymentType: PaymentType): string {
  const base = `/hero/${encodeURIComponent(heroId)}?payment=success`;
  return paymentType === 'chapters' ? `${base}&type=chapters` : base;
}

/* Card form --------------------------------------------------------------- */

export const MAX_CARD_DIGITS = 19;

export function cardDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, MAX_CARD_DIGITS);
}

/** '4242424242424242' → '4242 4242 4242 4242' (groups of four, as typed). */
export function formatCardNumber(value: string): string {
  return cardDigits(value).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** A hint under the card number while typing: null when nothing is wrong (yet). */
export function cardNumberHint(value: string): string | null {
  const digits = cardDigits(value);
  if (digits.length < 12) return null;
  if (digits.length >= 16 || digits.length === MAX_CARD_DIGITS) {
    return passesLuhn(digits) ? null : 'This card number does not look right. Please check it.';
  }
  return null;
}

/** Typing help for the expiry: digits only, a slash after the month: '1228' → '12/28', '12' → '12'. */
export function formatExpiryInput(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export interface Expiry {
  month: number;
  /** Four-digit year. */
  year: number;
}

/** 'MM/YY' (spaces allowed, also MM/YYYY) → { month, year }, or null when it is not a date. */
export function parseExpiry(value: string): Expiry | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  let year = Number(match[2]);
  if (match[2]!.length === 2) year += 2000;
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** Whether the card is still valid in `now`'s month (a card expires at the end of its month). */
export function isExpiryInFuture(expiry: Expiry, now: Date): boolean {
  return expiry.year * 12 + (expiry.month - 1) >= now.getFullYear() * 12 + now.getMonth();
}

export function cvcDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

export interface CardPayload {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** The card as the server takes it, or the first message that stops it from being sent. */
export function validateCard(
  fields: CardFields,
  now: Date,
): { ok: true; card: CardPayload } | { ok: false; message: string } {
  const number = cardDigits(fields.number);
  if (number.length === 0) return { ok: false, message: 'Please enter your card number.' };
  if (number.length < 12 || !passesLuhn(number))
    return { ok: false, message: 'Your card number is invalid.' };
  const expiry = parseExpiry(fields.expiry);
  if (!expiry) return { ok: false, message: 'Please enter the expiry date as MM/YY.' };
  if (!isExpiryInFuture(expiry, now)) return { ok: false, message: 'Your card has expired.' };
  const cvc = cvcDigits(fields.cvc);
  if (cvc.length < 3) return { ok: false, message: "Please enter your card's security code (CVC)." };
  return { ok: true, card: { number, expMonth: expiry.month, expYear: expiry.year, cvc } };
}

/* Email and wallet ------------------------------------------------------- */

export const EMAIL_REQUIRED_MESSAGE = 'Please enter your email address';
export const EMAIL_INVALID_MESSAGE = 'Please enter a valid email address';

/** The checkout needs a receipt email: why this one will not do, or null. */
export function emailProblem(value: string): string | null {
  const email = value.trim();
  if (!email) return EMAIL_REQUIRED_MESSAGE;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return EMAIL_INVALID_MESSAGE;
  return null;
}

/* Messages ---------------------------------------------------------------- */

export const PAYMENT_MESSAGES = {
  unavailable: 'Payment processing is unavailable. Please try again later.',
  failedToInitialize: 'Payment processing failed to initialize. Please try again later.',
  initPaymentFailed: 'Failed to initialize payment. Please try again later.',
  quotaLimited: 'Payment processing is temporarily unavailable due to AI service quota limitations.',
  quotaDisabled:
    'Payment processing is temporarily disabled because the AI service quota has been exceeded. Please try again later.',
  processorUnavailable: 'Payment processor not available. Please try again later.',
  stillLoading: 'Payment form is still loading. Please wait and try again.',
  elementMissing: 'Payment Element not found. Please refresh and try again.',
  premiumUpdateFailed:
    'Payment was successful, but we encountered an error updating your hero. Please refresh the page.',
  quotaUnverified: 'Unable to verify AI service availability. Please try again later.',
  cardFailed: 'Your payment could not be completed. Please check your card details and try again.',
} as const;

export const QUOTA_DEFAULT_MESSAGE = 'OpenAI API quota exceeded. Please try again later or contact support.';

/** What GET /api/status/openai-quota means for the page. */
export type QuotaState =
  | { kind: 'checking' }
  | { kind: 'available' }
  | { kind: 'exceeded'; message: string }
  | { kind: 'unknown'; message: string };

/**
 * True for quota answers: errorType/code 'quota_exceeded', or 429 whose text says
 * quota/exceeded/limit. (The API layer keeps the body's code; the paymentsApi endpoint copies
 * errorType into it.)
 */
export function isQuotaError(error: unknown): boolean {
  const e = asApiError(error);
  if (!e) return false;
  if (e.code !== undefined && /quota_exceeded/i.test(e.code)) return true;
  return e.status === 429 && /quota|exceeded|limit/i.test(e.serverMessage ?? '');
}

/** The quota check's answer (or failure) as a page state. */
export function quotaStateFrom(result: { data?: unknown; error?: unknown }): QuotaState {
  if (result.error !== undefined) {
    const e = asApiError(result.error);
    if (e?.status === 429) return { kind: 'exceeded', message: e.serverMessage ?? QUOTA_DEFAULT_MESSAGE };
    return { kind: 'unknown', message: PAYMENT_MESSAGES.quotaUnverified };
  }
  const data = result.data as { isQuotaExceeded?: unknown; message?: unknown } | undefined;
  if (data?.isQuotaExceeded === true) {
    const message = typeof data.message === 'string' && data.message ? data.message : QUOTA_DEFAULT_MESSAGE;
    return { kind: 'exceeded', message };
  }
  return { kind: 'available' };
}

/** Why creating the payment intent failed, in the user's words. */
export function createIntentErrorMessage(error: unknown): string {
  if (isQuotaError(error)) return PAYMENT_MESSAGES.quotaDisabled;
  const e = asApiError(error);
  if (!e) return PAYMENT_MESSAGES.initPaymentFailed;
  if (e.kind === 'timeout' || e.kind === 'network') return e.message;
  // A 400 names the field the server refused (e.g. the wallet address); a 409 says why nothing can be
  // bought (e.g. 'All chapters of this story are already unlocked.'); a 429 says how long to wait:
  // keep their words.
  if ((e.status === 400 || e.status === 409 || e.status === 429) && e.serverMessage) return e.serverMessage;
  if (e.status === 503) return PAYMENT_MESSAGES.unavailable;
  return PAYMENT_MESSAGES.initPaymentFailed;
}

/** Why confirming the card failed: the card's own message (402 'Your card was declined.'), else a fallback. */
export function confirmErrorMessage(error: unknown): string {
  const e = asApiError(error);
  if (!e) return PAYMENT_MESSAGES.cardFailed;
  if (e.kind === 'timeout' || e.kind === 'network') return e.message;
  if (isQuotaError(error)) return PAYMENT_MESSAGES.quotaLimited;
  if (e.status === 503) return PAYMENT_MESSAGES.unavailable;
  return e.serverMessage ?? PAYMENT_MESSAGES.cardFailed;
}

/** Post-payment fallback redirect. */
export const FALLBACK_REDIRECT_MS = 5000;

/**
 * Whether a failed confirmation closed the payment for good (cancelled after too many declined cards,
 * or refused with 409: the hero is premium already, the pack's price changed): the page then makes a
 * new payment, so that the next try does not hit the closed one again.
 */
export function paymentClosedBy(error: unknown): boolean {
  const e = asApiError(error);
  if (!e || e.kind !== 'http') return false;
  if (e.status === 409) return true;
  return e.status === 402 && /start a new payment/i.test(e.serverMessage ?? '');
}
