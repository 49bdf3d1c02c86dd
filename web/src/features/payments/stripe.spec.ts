import { describe, expect, it } from '@jest/globals';
import { PAYMENT_MESSAGES } from './checkout';
import {
  isPaidOrSettling,
  redirectReturnOutcome,
  stripeErrorMessage,
  stripePaymentClosed,
  stripeRedirectReturn,
  stripeReturnUrl,
  withoutStripeReturnParams,
} from './stripe';

describe('stripe checkout rules', () => {
  it('returns to /hero/{id} with the success query', () => {
    expect(stripeReturnUrl('https://starborn.app', 'abc', 'premium_upgrade')).toBe(
      'https://starborn.app/hero/abc?payment=success',
    );
    expect(stripeReturnUrl('https://starborn.app/', 'abc', 'chapters')).toBe(
      'https://starborn.app/hero/abc?payment=success&type=chapters',
    );
  });

  it("shows Stripe's own message, else the generic card message", () => {
    expect(stripeErrorMessage({ type: 'card_error', message: 'Your card was declined.' })).toBe(
      'Your card was declined.',
    );
    expect(stripeErrorMessage({ type: 'api_error', message: '  ' })).toBe(PAYMENT_MESSAGES.cardFailed);
    expect(stripeErrorMessage(undefined)).toBe(PAYMENT_MESSAGES.cardFailed);
  });

  it('says Stripe unreachable in the app’s network words', () => {
    expect(
      stripeErrorMessage({
        type: 'api_connection_error',
        message: 'We could not connect to Stripe. Please check your connection and try again.',
      }),
    ).toBe('Network error. Please check your connection and try again.');
  });

  it('knows a confirmation refused because the intent was cancelled', () => {
    expect(
      stripePaymentClosed({
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: "This PaymentIntent's status is canceled.",
        payment_intent: { status: 'canceled' },
      }),
    ).toBe(true);
    expect(
      stripePaymentClosed({
        code: 'payment_intent_unexpected_state',
        payment_intent: { status: 'succeeded' },
      }),
    ).toBe(false);
    expect(stripePaymentClosed({ type: 'card_error', code: 'card_declined' })).toBe(false);
    expect(stripePaymentClosed(undefined)).toBe(false);
  });

  it('takes succeeded and settling intents as paid', () => {
    expect(isPaidOrSettling('succeeded')).toBe(true);
    expect(isPaidOrSettling('processing')).toBe(true);
    expect(isPaidOrSettling('requires_payment_method')).toBe(false);
    expect(isPaidOrSettling(undefined)).toBe(false);
  });

  it("reads and removes Stripe's return parameters after a redirect-based method", () => {
    const params = new URLSearchParams(
      'payment=success&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x&redirect_status=failed',
    );
    expect(stripeRedirectReturn(params)).toEqual({
      paymentIntentId: 'pi_1',
      clientSecret: 'pi_1_secret_x',
      redirectStatus: 'failed',
    });
    expect(stripeRedirectReturn(new URLSearchParams('payment=success'))).toBeNull();
    expect(withoutStripeReturnParams(params).toString()).toBe('payment=success');
  });
});

describe('return from a redirect-based method', () => {
  it('is paid when Stripe says the intent succeeded (or is settling), else shows Stripe’s message', () => {
    expect(redirectReturnOutcome('succeeded', null)).toEqual({ kind: 'paid' });
    expect(redirectReturnOutcome('processing', null)).toEqual({ kind: 'paid' });
    expect(
      redirectReturnOutcome('requires_payment_method', {
        message: 'We are unable to authenticate your payment method.',
      }),
    ).toEqual({ kind: 'failed', message: 'We are unable to authenticate your payment method.' });
    expect(redirectReturnOutcome(undefined, undefined)).toEqual({
      kind: 'failed',
      message: PAYMENT_MESSAGES.cardFailed,
    });
  });
});
