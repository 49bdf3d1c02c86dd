/**
 * The checkout's payment form with the `stripe` provider (spec §2 Checkout, §7, §8 Payment): Stripe.js
 * is loaded with the server's publishable key, the Payment Element is rendered for the payment
 * intent's client secret, and the payment is confirmed client-side with return to /hero/{id} and a
 * receipt email. Success takes the same path as the local test-card form.
 */
import { Elements, PaymentElement, useElements } from '@stripe/react-stripe-js';
import type { Stripe, StripeElements, StripeElementsOptions } from '@stripe/stripe-js';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { LockIcon } from '../../components/HeroIcons';
import { selectUser } from '../auth/authSlice';
import { CancelButton } from './CancelButton';
import { checkoutBlockFromIntentError, type CheckoutBlock } from './checkoutBlock';
import { PaymentError, usePaymentError } from './PaymentError';
import {
  createIntentErrorMessage,
  DEFAULT_PRICES,
  emailProblem,
  FALLBACK_REDIRECT_MS,
  formatAmount,
  PAYMENT_MESSAGES,
  successPath,
  type CheckoutMode,
} from './checkout';
import { useCreatePaymentIntentMutation, useSetHeroPremiumMutation, type PaymentIntent } from './paymentsApi';
import {
  isPaidOrSettling,
  STRIPE_APPEARANCE,
  STRIPE_PAYMENT_CLOSED_MESSAGE,
  stripeErrorMessage,
  stripePaymentClosed,
  stripeReturnUrl,
} from './stripe';
import { getStripe } from './stripeLoader';

type StripeLoad = { kind: 'loading' } | { kind: 'ready'; stripe: Stripe } | { kind: 'failed' };

interface IntentFor {
  walletAddress: string;
  intent: PaymentIntent;
}

export interface StripeCheckoutProps {
  heroId: string;
  mode: CheckoutMode;
  publishableKey: string;
  /** Told when the server refuses the payment for good (see checkoutBlock): the page shows why instead. */
  onBlocked: (block: CheckoutBlock) => void;
}

export default function StripeCheckout({ heroId, mode, publishableKey, onBlocked }: StripeCheckoutProps) {
  const user = useAppSelector(selectUser);
  const navigate = useNavigate();
  const [email, setEmail] = useState(user?.email ?? '');
  const [walletAddress, setWalletAddress] = useState('');
  /** The wallet the payment intent carries: the field's value once the user leaves it. */
  const [intentWallet, setIntentWallet] = useState('');
  const location = useLocation();
  const { error, show: showError, clear: clearError } = usePaymentError();
  // Back from a redirect-based method that did not pay (see useStripeRedirectReturn): Stripe's message,
  // shown once the Payment Element is in place, so that the form growing around it cannot push it away.
  const returnError = useRef((location.state as { paymentError?: string } | null)?.paymentError ?? null);
  const [busy, setBusy] = useState(false);
  const [initError, setInitError] = useState<string | null>(null);
  const [prepared, setPrepared] = useState<IntentFor | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const [stripeLoad, setStripeLoad] = useState<StripeLoad>({ kind: 'loading' });
  const [loadAttempt, setLoadAttempt] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const [elements, setElements] = useState<StripeElements | null>(null);
  /** The client secret whose Payment Element said 'ready' (a new intent mounts a new element). */
  const [readyFor, setReadyFor] = useState<string | null>(null);
  const fallbackTimer = useRef<number | undefined>(undefined);

  const [createIntent] = useCreatePaymentIntentMutation();
  const [setPremium] = useSetHeroPremiumMutation();

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

  // The payment intent, made up front as the Payment Element needs its client secret; made again
  // when the wallet address it carries changes. The receipt email goes with the confirmation.
  const initialEmail = useRef(user?.email ?? '');
  useEffect(() => {
    let cancelled = false;
    setInitError(null);
    setPrepared(null);
    createIntent({
      // Ignored by the server (its price table decides); sent as the spec's request shape.
      amount: mode.requestedAmount ?? DEFAULT_PRICES[mode.paymentType],
      currency: 'usd',
      heroId,
      walletAddress: intentWallet,
      unlockChapters: mode.unlockChapters,
      paymentType: mode.paymentType,
      is_test: publishableKey.startsWith('pk_test_'),
      email: initialEmail.current.trim(),
    })
      .unwrap()
      .then(
        (intent) => {
          if (cancelled) return;
          if (!intent.clientSecret) setInitError(PAYMENT_MESSAGES.elementMissing);
          else setPrepared({ walletAddress: intentWallet, intent });
        },
        (failure: unknown) => {
          if (cancelled) return;
          const block = checkoutBlockFromIntentError(failure, mode.paymentType);
          if (block) onBlocked(block);
          else setInitError(createIntentErrorMessage(failure));
        },
      );
    return () => {
      cancelled = true;
    };
    // The request only reads the route's hero and mode, the key and the wallet, which key this effect.
  }, [createIntent, heroId, mode.paymentType, mode.unlockChapters, intentWallet, attempt, onBlocked]);

  useEffect(() => () => window.clearTimeout(fallbackTimer.current), []);

  const clientSecret = prepared?.intent.clientSecret ?? null;
  const elementsOptions = useMemo<StripeElementsOptions | null>(
    () => (clientSecret ? { clientSecret, appearance: STRIPE_APPEARANCE } : null),
    [clientSecret],
  );
  const stripe = stripeLoad.kind === 'ready' ? stripeLoad.stripe : null;
  const elementReady = clientSecret !== null && readyFor === clientSecret && elements !== null;
  const ready = stripe !== null && elementReady && !succeeded;

  useEffect(() => {
    if (!elementReady || returnError.current === null) return;
    showError(returnError.current);
    returnError.current = null;
  }, [elementReady, showError]);

  function goToHero() {
    const target = successPath(heroId, mode.paymentType);
    // Spec §4: a fallback redirect after 5 s in case the in-app navigation does not happen.
    fallbackTimer.current = window.setTimeout(() => window.location.assign(target), FALLBACK_REDIRECT_MS);
    void navigate(target, { replace: true });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || succeeded) return;
    clearError();
    const emailMessage = emailProblem(email);
    if (emailMessage) return showError(emailMessage);
    const wantedWallet = walletAddress.trim();
    if (wantedWallet !== intentWallet) {
      // The wallet changed since the intent was made: make one that carries it (a new element follows).
      setIntentWallet(wantedWallet);
      return showError(PAYMENT_MESSAGES.stillLoading);
    }
    if (!stripe || !prepared || !elements || !elementReady) return showError(PAYMENT_MESSAGES.stillLoading);
    if (!elements.getElement('payment')) return showError(PAYMENT_MESSAGES.elementMissing);

    setBusy(true);
    try {
      // Card payments answer here; redirect-based methods leave for the bank and come back to return_url.
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: {
          return_url: stripeReturnUrl(window.location.origin, heroId, mode.paymentType),
          receipt_email: email.trim(),
        },
        redirect: 'if_required',
      });
      if (result.error) {
        if (stripePaymentClosed(result.error)) {
          // Cancelled after too many declined cards: a new intent (and Payment Element) for the next try.
          showError(STRIPE_PAYMENT_CLOSED_MESSAGE);
          setAttempt((n) => n + 1);
          return;
        }
        showError(stripeErrorMessage(result.error));
        return;
      }
      if (!isPaidOrSettling(result.paymentIntent?.status)) {
        showError(PAYMENT_MESSAGES.cardFailed);
        return;
      }

      setSucceeded(true);
      if (mode.paymentType === 'premium_upgrade') {
        try {
          await setPremium(heroId).unwrap();
        } catch {
          // Paid, but the hero was not switched: say so, and still take the user back after 5 s.
          showError(PAYMENT_MESSAGES.premiumUpdateFailed);
          fallbackTimer.current = window.setTimeout(
            () => window.location.assign(successPath(heroId, mode.paymentType)),
            FALLBACK_REDIRECT_MS,
          );
          return;
        }
      }
      goToHero();
    } catch {
      showError(PAYMENT_MESSAGES.cardFailed);
    } finally {
      setBusy(false);
    }
  }

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

  const amount = prepared ? formatAmount(prepared.intent.amount, prepared.intent.currency) : null;

  return (
    <form
      className="form checkout-form"
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      data-provider="stripe"
    >
      {initError && (
        <div className="form-error checkout-init-error" role="alert">
          <p>{initError}</p>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => setAttempt((n) => n + 1)}
          >
            Try Again
          </button>
        </div>
      )}

      <div className="checkout-summary">
        <span className="checkout-summary__label">
          {mode.paymentType === 'chapters' ? '3 more chapters' : 'Premium hero upgrade'}
        </span>
        <span className="checkout-summary__amount" data-testid="checkout-amount">
          {amount ?? '…'}
        </span>
        <span className="checkout-summary__currency">USD</span>
      </div>

      <div className="field">
        <label htmlFor="checkout-email" className="field__label">
          Email Address
        </label>
        <input
          id="checkout-email"
          className="field__input"
          type="email"
          autoComplete="email"
          required
          aria-required="true"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>

      <div className="field">
        <label htmlFor="checkout-wallet" className="field__label">
          Wallet Address <span className="muted">(optional)</span>
        </label>
        <input
          id="checkout-wallet"
          className="field__input"
          type="text"
          placeholder="0x..."
          autoComplete="off"
          spellCheck={false}
          aria-describedby="checkout-wallet-hint"
          value={walletAddress}
          onChange={(event) => setWalletAddress(event.target.value)}
          onBlur={() => setIntentWallet(walletAddress.trim())}
        />
        <p id="checkout-wallet-hint" className="field__hint">
          For storing your hero as an NFT in the future (not required)
        </p>
      </div>

      <fieldset className="card-form stripe-payment" aria-busy={!ready}>
        <legend className="field__label">Payment Details</legend>
        {stripe && elementsOptions && (
          <Elements key={elementsOptions.clientSecret} stripe={stripe} options={elementsOptions}>
            <ElementsHandle onElements={setElements} />
            <PaymentElement
              id="payment-element"
              options={{ layout: 'tabs' }}
              onReady={() => setReadyFor(elementsOptions.clientSecret ?? null)}
              onLoadError={() => showError(PAYMENT_MESSAGES.failedToInitialize)}
            />
          </Elements>
        )}
      </fieldset>

      <p className="secure-notice">
        <LockIcon width={16} height={16} aria-hidden="true" />
        <span>
          <strong>Secure Payment</strong> — your card details go straight to Stripe, our payment provider, and
          are never stored by Starborn.
        </span>
      </p>

      <PaymentError error={error} />
      <div className="actions checkout-actions">
        <button type="submit" className="button button--primary button--large" disabled={!ready || busy}>
          {busy ? 'Processing...' : mode.buttonLabel}
        </button>
        <CancelButton heroId={heroId} />
      </div>
      {!elementReady && !initError && (
        <p className="muted checkout-status" role="status">
          Loading the payment form...
        </p>
      )}
      <p className="muted checkout-footnote">
        By paying you agree to our <Link to="/terms-of-service">Terms of Service</Link>.
      </p>
    </form>
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
