/** Stripe.js, loaded on demand from Stripe (the `pure` entry fetches nothing until asked). */
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

/** One Stripe instance per publishable key for the page's lifetime; a failed load may be tried again. */
const stripeByKey = new Map<string, Promise<Stripe | null>>();

export function getStripe(publishableKey: string): Promise<Stripe | null> {
  let loading = stripeByKey.get(publishableKey);
  if (!loading) {
    loading = loadStripe(publishableKey).catch((error: unknown) => {
      stripeByKey.delete(publishableKey);
      throw error;
    });
    stripeByKey.set(publishableKey, loading);
  }
  return loading;
}
