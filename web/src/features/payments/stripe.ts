/**
 * The Stripe side of the checkout (provider `stripe`): where Stripe sends the user back, which
 * message a Stripe result shows, and what a return from a redirect-based payment method carries.
 * Pure rules, tested by Jest; the Payment Element itself is in StripeCheckout.tsx.
 */
import type { Appearance } from '@stripe/stripe-js';
import { ERROR_MESSAGES } from '../../app/apiErrors';
import { PAYMENT_MESSAGES, successPath, type PaymentType } from './checkout';

/**
 * The card provider confirms client-side with return to /hero/{id} — the same path the
 * local form navigates to (?payment=success, &type=chapters for chapters).
 */
export function stripeReturnUrl(origin: string, heroId: string, paymentType: PaymentType): string {
  return `${origin.replace(/\/+$/, '')}${successPath(heroId, paymentType)}`;
}

/** The part of a Stripe.js error the page reads. */
export interface StripeErrorLike {
  type?: string;
  code?: string;
  message?: string;
  /** The intent as Stripe has it, on errors about it. */
  payment_intent?: { status?: string } | null;
}

/**
 * Stripe's own words for a failed confirmation ('Your card was declined.', 'Your card number is
 * incomplete.'), else the generic card message. Stripe unreachable reads as any other lost
 * connection of the app does.
 */
export function stripeErrorMessage(error: StripeErrorLike | undefined | null): string {
  if (error?.type === 'api_connection_error') return ERROR_MESSAGES.network;
  const message = typeof error?.message === 'string' ? error.message.trim() : '';
  return message || PAYMENT_MESSAGES.cardFailed;
}

export const STRIPE_PAYMENT_CLOSED_MESSAGE =
  'This payment was cancelled after too many declined cards. Please try again: a new payment has been prepared.';

/**
 * Whether a confirmation failed because the intent can no longer be paid (the server cancels it at
 * Stripe after too many declined cards): the page then prepares a new one.
 */
export function stripePaymentClosed(error: StripeErrorLike | undefined | null): boolean {
  return error?.code === 'payment_intent_unexpected_state' && error.payment_intent?.status === 'canceled';
}

/** PaymentIntent statuses after which the payment is Stripe's to finish: the success path follows. */
export function isPaidOrSettling(status: string | undefined): boolean {
  return status === 'succeeded' || status === 'processing' || status === 'requires_capture';
}

export const STRIPE_RETURN_PARAMS = [
  'payment_intent',
  'payment_intent_client_secret',
  'redirect_status',
] as const;

/** What Stripe appends to return_url after a redirect-based payment method (bank page, 3-D Secure…). */
export interface StripeRedirectReturn {
  paymentIntentId: string | null;
  clientSecret: string;
  /** 'succeeded' | 'failed' | 'pending' … as Stripe says; null when absent. */
  redirectStatus: string | null;
}

export function stripeRedirectReturn(params: URLSearchParams): StripeRedirectReturn | null {
  const clientSecret = params.get('payment_intent_client_secret');
  if (!clientSecret) return null;
  return {
    paymentIntentId: params.get('payment_intent'),
    clientSecret,
    redirectStatus: params.get('redirect_status'),
  };
}

/** The search string without Stripe's return parameters. */
export function withoutStripeReturnParams(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of STRIPE_RETURN_PARAMS) next.delete(name);
  return next;
}

/** The Payment Element dressed like the rest of the site (dark, violet and gold). */
export const STRIPE_APPEARANCE: Appearance = {
  theme: 'night',
  labels: 'above',
  variables: {
    colorPrimary: '#f6c96b',
    colorBackground: '#150f2e',
    colorText: '#f3efff',
    colorTextSecondary: '#b8b0d6',
    colorDanger: '#fb7185',
    borderRadius: '8px',
    fontFamily: "'Inter Variable', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  },
};

/** What a return from a redirect-based method means, from the intent Stripe reports. */
export function redirectReturnOutcome(
  status: string | undefined,
  error: StripeErrorLike | null | undefined,
): { kind: 'paid' } | { kind: 'failed'; message: string } {
  if (isPaidOrSettling(status)) return { kind: 'paid' };
  return { kind: 'failed', message: stripeErrorMessage(error) };
}
