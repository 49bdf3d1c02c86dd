import { describe, expect, it } from '@jest/globals';
import { isChaptersPayment, paymentSuccessNotice, withoutPaymentQuery } from './paymentNotice';

describe('payment success notice', () => {
  it('shows 6 s after a chapters payment and 4 s otherwise', () => {
    expect(paymentSuccessNotice(new URLSearchParams('payment=success&type=chapters'))).toMatchObject({
      type: 'success',
      duration: 6000,
    });
    expect(paymentSuccessNotice(new URLSearchParams('payment=success'))).toMatchObject({
      type: 'success',
      duration: 4000,
    });
    expect(paymentSuccessNotice(new URLSearchParams('payment=failed'))).toBeNull();
    expect(paymentSuccessNotice(new URLSearchParams(''))).toBeNull();
  });

  it('clears the payment query and keeps the rest', () => {
    const next = withoutPaymentQuery(new URLSearchParams('payment=success&type=chapters&amount=499&tab=2'));
    expect(next.toString()).toBe('tab=2');
  });

  it('knows a chapters purchase (which unlocks the chapters it paid for)', () => {
    expect(isChaptersPayment(new URLSearchParams('payment=success&type=chapters&amount=499'))).toBe(true);
    expect(isChaptersPayment(new URLSearchParams('payment=success'))).toBe(false);
    expect(isChaptersPayment(new URLSearchParams('type=chapters'))).toBe(false);
  });
});
