import { passesLuhn } from '@starborn/contracts';
import { CARD_MESSAGES, checkCard } from './test-cards.js';

const now = new Date('2026-05-15T12:00:00Z');
const card = (number: string, overrides: object = {}) => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...overrides,
});

describe('Luhn', () => {
  it.each(['4242424242424242', '4000000000000002', '5555555555554444', '378282246310005'])(
    'accepts %s',
    (number) => expect(passesLuhn(number)).toBe(true),
  );
  it.each(['4242424242424241', '1234567812345678', '', '42424242a4242424'])('refuses "%s"', (number) =>
    expect(passesLuhn(number)).toBe(false),
  );
});

describe('local card rules (Stripe test cards)', () => {
  it('lets 4242 4242 4242 4242 and other valid numbers through, spaces or not', () => {
    expect(checkCard(card('4242 4242 4242 4242'), now)).toEqual({ ok: true });
    expect(checkCard(card('4242424242424242'), now)).toEqual({ ok: true });
    expect(checkCard(card('5555-5555-5555-4444'), now)).toEqual({ ok: true });
  });

  it.each([
    ['4000 0000 0000 0002', CARD_MESSAGES.declined, 'Your card was declined.'],
    ['4000 0000 0000 9995', CARD_MESSAGES.insufficientFunds, 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', CARD_MESSAGES.expired, 'Your card has expired.'],
    ['4000 0000 0000 0127', CARD_MESSAGES.incorrectCvc, "Your card's security code is incorrect."],
  ])('declines %s with Stripe’s message', (number, message, literal) => {
    expect(message).toBe(literal);
    expect(checkCard(card(number), now)).toMatchObject({ ok: false, message });
  });

  it('refuses a number failing Luhn', () => {
    expect(checkCard(card('4242 4242 4242 4241'), now)).toMatchObject({
      ok: false,
      message: 'Your card number is invalid.',
    });
    expect(checkCard(card('42'), now)).toMatchObject({ message: 'Your card number is invalid.' });
  });

  it('refuses an expiry in the past, and accepts the current month (two-digit years too)', () => {
    expect(checkCard(card('4242424242424242', { expMonth: 4, expYear: 2026 }), now)).toMatchObject({
      ok: false,
      message: 'Your card has expired.',
    });
    expect(checkCard(card('4242424242424242', { expMonth: 12, expYear: 2025 }), now)).toMatchObject({
      message: 'Your card has expired.',
    });
    expect(checkCard(card('4242424242424242', { expMonth: 5, expYear: 2026 }), now)).toEqual({ ok: true });
    expect(checkCard(card('4242424242424242', { expMonth: 5, expYear: 26 }), now)).toEqual({ ok: true });
    expect(checkCard(card('4242424242424242', { expMonth: 13, expYear: 2030 }), now)).toMatchObject({
      ok: false,
    });
  });

  it('refuses a malformed security code', () => {
    expect(checkCard(card('4242424242424242', { cvc: '12' }), now)).toMatchObject({ ok: false });
  });
});
