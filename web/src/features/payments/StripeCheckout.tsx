/**
 * The checkout's payment form with the `stripe` provider: Stripe.js is loaded with the server's
 * publishable key and the Payment Element is drawn for the quoted amount and currency, before any
 * payment exists (Stripe's deferred intent). Pressing Pay checks the card fields (elements.submit),
 * then asks the server for the payment intent (its open one is handed out again) and confirms it
 * client-side with return to /hero/{id} and a receipt email. Everything around the Payment Element is
 * the shared checkout (useCheckout, CheckoutForm), as with the local provider.
 */
import { Elements, PaymentElement, useElements } from '@stripe/react-stripe-js';
import type { Stripe, StripeElements, StripeElementsOptions } from '@stripe/stripe-js';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { CancelButton } from './CancelButton';
import type { CheckoutBlock } from './checkoutBlock';
import { CheckoutForm } from './CheckoutForm';
import { PAYMENT_MESSAGES, type CheckoutMode } from './checkout';
import {
  isPaidOrSettling,
  STRIPE_APPEARANCE,
  STRIPE_PAYMENT_CLOSED_MESSAGE,
  stripeErrorMessage,
  stripePaymentClosed,
  stripeReturnUrl,
} from './stripe';
import { getStripe } from './stripeLoader';
import { useCheckout, type PayStep } from './useCheckout';

type StripeLoad = { kind: 'loading' } | { kind: 'ready'; stripe: Stripe } | { kind: 'failed' };

export interface StripeCheckoutProps {
  heroId: string;
  mode: CheckoutMode;
  publishableKey: string;
  /** Told when the server refuses the payment for good (see checkoutBlock): the page shows why instead. */
  onBlocked: (block: CheckoutBlock) => void;
}

export default function StripeCheckout({ heroId, mode, publishableKey, onBlocked }: StripeCheckoutProps) {
  const checkout = useCheckout({
    heroId,
    mode,
    isTest: publishableKey.startsWith('pk_test_'),
    onBlocked,
  });
  const { quote, showError } = checkout;
  const location = useLocation();
  // Back from a redirect-based method that did not pay (see useStripeRedirectReturn): Stripe's message,
  // shown once the Payment Element is in place, so that the form growing around it cannot push it away.
  const returnError = useRef((location.state as { paymentError?: string } | null)?.paymentError ?? null);
  const [stripeLoad, setStripeLoad] = useState<StripeLoad>({ kind: 'loading' });
  const [loadAttempt, setLoadAttempt] = useState(0);
  const [elements, setElements] = useState<StripeElements | null>(null);
  /** The price whose Payment Element said 'ready' (another price mounts a new element). */
  const [readyFor, setReadyFor] = useState<string | null>(null);

  // Stripe.js, from Stripe's servers (the `stripe` provider's CSP allows exactly that).
  useEffect(() => {
    let cancelled = false;
    setStripeLoad({ kind: 'loading' });
    getStripe(publishableKey).then(
      (stripe) => {
        if (!cancelled) setStripeLoad(stripe ? { kind: 'ready', stripe } : { kind: 'failed' });
      },
      () => {
        if (!cancelled) setStripeLoad({ kind: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [publishableKey, loadAttempt]);

  const amount = quote?.amount ?? null;
  const currency = quote?.currency ?? null;
  const priceKey = amount !== null && currency !== null ? `${amount} ${currency}` : null;
  const elementsOptions = useMemo<StripeElementsOptions | null>(
    () =>
      amount !== null && currency !== null
        ? { mode: 'payment', amount, currency, appearance: STRIPE_APPEARANCE }
        : null,
    [amount, currency],
  );
  const stripe = stripeLoad.kind === 'ready' ? stripeLoad.stripe : null;
  const elementReady = priceKey !== null && readyFor === priceKey && elements !== null;
  const ready = stripe !== null && elementReady && !checkout.succeeded;

  useEffect(() => {
    if (!elementReady || returnError.current === null) return;
    showError(returnError.current);
    returnError.current = null;
  }, [elementReady, showError]);

  const pay: PayStep = () => {
    if (!stripe || !elements || !elementReady) {
      showError(PAYMENT_MESSAGES.stillLoading);
      return null;
    }
    if (!elements.getElement('payment')) {
      showError(PAYMENT_MESSAGES.elementMissing);
      return null;
    }
    return async () => {
      // Stripe checks the card fields first, before anything is asked of the server: a card number
      // left incomplete opens no payment.
      const checked = await elements.submit();
      if (checked.error) {
        showError(stripeErrorMessage(checked.error));
        return false;
      }
      // The payment is opened now, carrying the receipt address and wallet as they are (the server
      // hands the open one out again, so each Pay of this checkout pays the same payment).
      const prepared = await checkout.renewIntent(checkout.email.trim(), checkout.walletAddress.trim());
      if (!prepared) return false;
      const { clientSecret, amount: charged, currency: chargedIn } = prepared.intent;
      if (!clientSecret) {
        showError(PAYMENT_MESSAGES.elementMissing);
        return false;
      }
      // The element must show what the intent charges (a price changed since the quote).
      if (charged !== amount || chargedIn !== currency)
        elements.update({ amount: charged, currency: chargedIn });
      // Card payments answer here; redirect-based methods leave for the bank and come back to return_url.
      const result = await stripe.confirmPayment({
        elements,
        clientSecret,
        confirmParams: {
          return_url: stripeReturnUrl(window.location.origin, heroId, mode.paymentType),
          receipt_email: checkout.email.trim(),
        },
        redirect: 'if_required',
      });
      if (result.error) {
        if (stripePaymentClosed(result.error)) {
          // Cancelled after too many declined cards: the next Pay opens a new payment.
          showError(STRIPE_PAYMENT_CLOSED_MESSAGE);
          checkout.retry();
          return false;
        }
        showError(stripeErrorMessage(result.error));
        return false;
      }
      if (!isPaidOrSettling(result.paymentIntent?.status)) {
        showError(PAYMENT_MESSAGES.cardFailed);
        return false;
      }
      return true;
    };
  };

  if (stripeLoad.kind === 'failed') {
    return (
      <div className="checkout-blocked" role="alert">
        <h2>Payment Unavailable</h2>
        <p>{PAYMENT_MESSAGES.failedToInitialize}</p>
        <div className="actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => setLoadAttempt((n) => n + 1)}
          >
            Try Again
          </button>
          <CancelButton heroId={heroId} />
        </div>
      </div>
    );
  }

  return (
    <CheckoutForm
      checkout={checkout}
      pay={pay}
      ready={ready}
      loading={!elementReady}
      processorName="Stripe, our payment provider,"
      provider="stripe"
      cardDetails={
        <fieldset className="card-form stripe-payment" aria-busy={!ready}>
          <legend className="field__label">Payment Details</legend>
          {stripe && elementsOptions && (
            <Elements key={priceKey} stripe={stripe} options={elementsOptions}>
              <ElementsHandle onElements={setElements} />
              <PaymentElement
                id="payment-element"
                options={{ layout: 'tabs' }}
                onReady={() => setReadyFor(priceKey)}
                onLoadError={() => showError(PAYMENT_MESSAGES.failedToInitialize)}
              />
            </Elements>
          )}
        </fieldset>
      }
    />
  );
}

/** Hands the Elements instance of the surrounding <Elements> to the form that submits it. */
function ElementsHandle({ onElements }: { onElements: (elements: StripeElements | null) => void }) {
  const elements = useElements();
  useEffect(() => {
    onElements(elements);
    return () => onElements(null);
  }, [elements, onElements]);
  return null;
}
