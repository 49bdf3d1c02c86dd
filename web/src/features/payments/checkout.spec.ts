import { describe, expect, it } from '@jest/globals';
import { passesLuhn } from '@starborn/contracts';
import type { ApiError } from '../../app/apiErrors';
import {
  cardDigits,
  cardNumberHint,
  checkoutModeFromQuery,
  confirmErrorMessage,
  createIntentErrorMessage,
  cvcDigits,
  emailProblem,
  formatAmount,
  formatCardNumber,
  formatExpiryInput,
  isExpiryInFuture,
  isQuotaError,
  parseExpiry,
  paymentClosedBy,
  PAYMENT_MESSAGES,
  quotaStateFrom,
  successPath,
  validateCard,
} from './checkout';

const http = (status: number, serverMessage?: string, code?: string): ApiError => ({
  kind: 'http',
  status,
  code,
  serverMessage,
  message: serverMessage ?? 'Something went wrong. Please try again.',
});

describe('checkout mode from the query', () => {
  it('is the premium upgrade by default', () => {
    for (const q of ['', 'type=premium_upgrade', 'type=nonsense']) {
      expect(checkoutModeFromQuery(new URLSearchParams(q))).toMatchObject({
        paymentType: 'premium_upgrade',
        title: 'Unlock Premium Hero',
        buttonLabel: 'Upgrade to Premium',
        unlockChapters: false,
      });
    }
  });

  it('is 3 chapters for type=chapters, keeping the passed amount as a hint only', () => {
    expect(checkoutModeFromQuery(new URLSearchParams('type=chapters&amount=499'))).toEqual({
      paymentType: 'chapters',
      title: 'Unlock More Chapters',
      buttonLabel: 'Unlock 3 Chapters',
      unlockChapters: true,
      requestedAmount: 499,
    });
    expect(
      checkoutModeFromQuery(new URLSearchParams('type=chapters&amount=4.99')).requestedAmount,
    ).toBeNull();
  });

  it('returns to the hero with payment=success (and type=chapters for chapters)', () => {
    expect(successPath('abc', 'premium_upgrade')).toBe('/hero/abc?payment=success');
    expect(successPath('abc', 'chapters')).toBe('/hero/abc?payment=success&type=chapters');
  });
});

describe('amounts', () => {
  it('formats cents as US dollars', () => {
    expect(formatAmount(399)).toBe('$3.99');
    expect(formatAmount(199, 'usd')).toBe('$1.99');
    expect(formatAmount(500, 'USD')).toBe('$5.00');
    expect(formatAmount(0)).toBe('$0.00');
    expect(formatAmount(1234, 'eur')).toBe('12.34 EUR');
  });
});

describe('card number', () => {
  it('keeps digits only, at most 19, grouped by four', () => {
    expect(cardDigits('4242-4242 4242x4242')).toBe('4242424242424242');
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242 ')).toBe('4242');
    expect(cardDigits('1'.repeat(25))).toHaveLength(19);
  });

  it('checks the Luhn sum', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });

  it('hints only once a full number fails the checksum', () => {
    expect(cardNumberHint('4242 4242')).toBeNull();
    expect(cardNumberHint('4242 4242 4242 4242')).toBeNull();
    expect(cardNumberHint('4242 4242 4242 4241')).toMatch(/does not look right/);
  });
});

describe('expiry', () => {
  it('adds the slash after the month while typing', () => {
    expect(formatExpiryInput('1')).toBe('1');
    expect(formatExpiryInput('12')).toBe('12');
    expect(formatExpiryInput('122')).toBe('12/2');
    expect(formatExpiryInput('12/28')).toBe('12/28');
    expect(formatExpiryInput('12/2899')).toBe('12/28');
  });

  it('parses MM/YY and MM/YYYY', () => {
    expect(parseExpiry('12/28')).toEqual({ month: 12, year: 2028 });
    expect(parseExpiry(' 3 / 2031 ')).toEqual({ month: 3, year: 2031 });
    expect(parseExpiry('13/28')).toBeNull();
    expect(parseExpiry('00/28')).toBeNull();
    expect(parseExpiry('1228')).toBeNull();
    expect(parseExpiry('12/2')).toBeNull();
  });

  it('counts the whole expiry month as valid', () => {
    const now = new Date(2026, 4, 31); // 31 May 2026
    expect(isExpiryInFuture({ month: 5, year: 2026 }, now)).toBe(true);
    expect(isExpiryInFuture({ month: 4, year: 2026 }, now)).toBe(false);
    expect(isExpiryInFuture({ month: 1, year: 2027 }, now)).toBe(true);
  });
});

describe('card validation', () => {
  const now = new Date(2026, 0, 15);
  it('gives the server payload for a good card', () => {
    expect(validateCard({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, now)).toEqual({
      ok: true,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    });
  });

  it('stops at the first problem', () => {
    const bad = (number: string, expiry: string, cvc: string) => {
      const result = validateCard({ number, expiry, cvc }, now);
      return result.ok ? null : result.message;
    };
    expect(bad('', '12/30', '123')).toBe('Please enter your card number.');
    expect(bad('4242 4242 4242 4241', '12/30', '123')).toBe('Your card number is invalid.');
    expect(bad('4242 4242 4242 4242', '12', '123')).toBe('Please enter the expiry date as MM/YY.');
    expect(bad('4242 4242 4242 4242', '12/25', '123')).toBe('Your card has expired.');
    expect(bad('4242 4242 4242 4242', '12/30', '12')).toMatch(/security code/);
    expect(cvcDigits('12a34')).toBe('1234');
  });
});

describe('email', () => {
  it('is required and must look like an address', () => {
    expect(emailProblem('  ')).toBe('Please enter your email address');
    expect(emailProblem('nope')).toBe('Please enter a valid email address');
    expect(emailProblem(' lyra@starborn.test ')).toBeNull();
  });
});

describe('AI quota check', () => {
  it('reads available, exceeded (429 with the server message) and other failures', () => {
    expect(quotaStateFrom({ data: { isQuotaExceeded: false } })).toEqual({ kind: 'available' });
    expect(
      quotaStateFrom({
        error: http(429, 'OpenAI API quota exceeded. Please try again later or contact support.'),
      }),
    ).toEqual({
      kind: 'exceeded',
      message: 'OpenAI API quota exceeded. Please try again later or contact support.',
    });
    expect(quotaStateFrom({ data: { isQuotaExceeded: true, message: 'Out of stars' } })).toEqual({
      kind: 'exceeded',
      message: 'Out of stars',
    });
    expect(quotaStateFrom({ error: http(500) })).toEqual({
      kind: 'unknown',
      message: 'Unable to verify AI service availability. Please try again later.',
    });
    expect(quotaStateFrom({ error: { kind: 'network', message: 'x' } })).toMatchObject({ kind: 'unknown' });
  });

  it('recognises quota errors by code or by a 429 that says so', () => {
    expect(isQuotaError(http(429, 'Quota exceeded', 'QUOTA_EXCEEDED'))).toBe(true);
    expect(isQuotaError(http(503, undefined, 'quota_exceeded'))).toBe(true);
    expect(isQuotaError(http(429, 'Rate limit reached'))).toBe(true);
    expect(isQuotaError(http(429, 'Slow down'))).toBe(false);
    expect(isQuotaError(http(400, 'quota'))).toBe(false);
  });
});

describe('payment messages', () => {
  it('maps a failed payment intent', () => {
    expect(createIntentErrorMessage(http(429, 'quota', 'QUOTA_EXCEEDED'))).toBe(
      PAYMENT_MESSAGES.quotaDisabled,
    );
    expect(createIntentErrorMessage(http(400, 'The wallet address is not valid.'))).toBe(
      'The wallet address is not valid.',
    );
    expect(createIntentErrorMessage(http(409, 'All chapters of this story are already unlocked.'))).toBe(
      'All chapters of this story are already unlocked.',
    );
    expect(
      createIntentErrorMessage(
        http(429, 'You have started too many payments for now. Please wait 10 minutes and try again.'),
      ),
    ).toBe('You have started too many payments for now. Please wait 10 minutes and try again.');
    expect(createIntentErrorMessage(http(404, 'Hero not found'))).toBe(
      'Failed to initialize payment. Please try again later.',
    );
    expect(createIntentErrorMessage(http(503))).toBe(
      'Payment processing is unavailable. Please try again later.',
    );
    expect(createIntentErrorMessage(undefined)).toBe('Failed to initialize payment. Please try again later.');
  });

  it('shows the card’s own decline message', () => {
    expect(confirmErrorMessage(http(402, 'Your card was declined.'))).toBe('Your card was declined.');
    expect(confirmErrorMessage(http(402))).toBe(PAYMENT_MESSAGES.cardFailed);
    expect(confirmErrorMessage({ kind: 'timeout', message: 'Request timed out. Please try again.' })).toBe(
      'Request timed out. Please try again.',
    );
  });

  it('starts a new payment after one was closed (cancelled after declines, or refused with 409)', () => {
    const cancelled =
      'Your card was declined. This payment was cancelled after too many declined cards. Please start a new payment to try again.';
    expect(paymentClosedBy(http(402, cancelled))).toBe(true);
    expect(confirmErrorMessage(http(402, cancelled))).toBe(cancelled);
    expect(paymentClosedBy(http(409, 'This hero is already premium.'))).toBe(true);
    expect(paymentClosedBy(http(402, 'Your card was declined.'))).toBe(false);
    expect(paymentClosedBy(http(429, 'Too many of your cards were declined for now.'))).toBe(false);
    expect(paymentClosedBy({ kind: 'timeout', message: 'Request timed out. Please try again.' })).toBe(false);
  });
});
