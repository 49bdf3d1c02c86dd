import { lazy, Suspense, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useAppSelector } from '../app/hooks';
import { LockIcon } from '../components/HeroIcons';
import { usePageMeta } from '../components/usePageMeta';
import { selectUser } from '../features/auth/authSlice';
import { CancelButton } from '../features/payments/CancelButton';
import { useGetHeroQuery } from '../features/heroes/heroesApi';
import { stripPreviewPrefix } from '../features/heroes/types';
import {
  cardNumberHint,
  checkoutModeFromQuery,
  confirmErrorMessage,
  createIntentErrorMessage,
  paymentClosedBy,
  cvcDigits,
  DEFAULT_PRICES,
  emailProblem,
  FALLBACK_REDIRECT_MS,
  formatAmount,
  formatCardNumber,
  formatExpiryInput,
  PAYMENT_MESSAGES,
  quotaStateFrom,
  successPath,
  validateCard,
  type CheckoutMode,
} from '../features/payments/checkout';
import {
  useCheckAiQuotaQuery,
  useConfirmLocalPaymentMutation,
  useCreatePaymentIntentMutation,
  useGetPaymentsConfigQuery,
  useSetHeroPremiumMutation,
  type PaymentIntent,
} from '../features/payments/paymentsApi';
import '../styles/payments.css';

export const TEST_MODE_HINT = 'Test mode — use 4242 4242 4242 4242, any future date, any CVC';

/** Spec §2 Checkout: quota check, then the payment form for a premium upgrade or 3 more chapters. */
export function CheckoutPage() {
  const { id: routeId = '' } = useParams();
  const heroId = stripPreviewPrefix(routeId);
  const [params] = useSearchParams();
  const mode = useMemo(() => checkoutModeFromQuery(params), [params]);
  const hero = useGetHeroQuery(heroId, { skip: heroId === '' }).currentData;

  usePageMeta({ title: mode.title, description: 'Unlock your Starborn hero’s full story and art.' });

  const quota = useCheckAiQuotaQuery(undefined, { refetchOnMountOrArgChange: true });
  const quotaState = quota.isFetching
    ? ({ kind: 'checking' } as const)
    : quotaStateFrom({ data: quota.data, error: quota.error });

  return (
    <section className="page container checkout-page" aria-labelledby="checkout-title">
      <header className="page-header">
        <p className="eyebrow">Secure checkout</p>
        <h1 id="checkout-title">{mode.title}</h1>
        {hero?.name && <p className="lead checkout-page__hero">for {hero.name}</p>}
      </header>

      <div className="checkout-card">
        {quotaState.kind === 'checking' && (
          <p className="checkout-status" role="status">
            <span className="checkout-spinner" aria-hidden="true" />
            Checking AI service status...
          </p>
        )}
        {quotaState.kind === 'exceeded' && (
          <div className="checkout-blocked" role="alert">
            <h2>AI Service Temporarily Unavailable</h2>
            <p>{quotaState.message}</p>
            <p className="muted">{PAYMENT_MESSAGES.quotaLimited}</p>
            <CancelButton heroId={heroId} />
          </div>
        )}
        {quotaState.kind === 'unknown' && (
          <div className="checkout-blocked" role="alert">
            <h2>Checkout Unavailable</h2>
            <p>{quotaState.message}</p>
            <div className="actions">
              <button type="button" className="button button--primary" onClick={() => void quota.refetch()}>
                Try Again
              </button>
              <CancelButton heroId={heroId} />
            </div>
          </div>
        )}
        {quotaState.kind === 'available' && <PaymentSection heroId={heroId} mode={mode} />}
      </div>
    </section>
  );
}

/** Stripe's Payment Element and Stripe.js: a chunk of its own, loaded only with the `stripe` provider. */
const StripeCheckout = lazy(() => import('../features/payments/StripeCheckout'));

/** The provider decides the form: the built-in test card form, or Stripe's Payment Element. */
function PaymentSection({ heroId, mode }: { heroId: string; mode: CheckoutMode }) {
  const config = useGetPaymentsConfigQuery();
  if (config.isLoading) {
    return (
      <p className="checkout-status" role="status">
        <span className="checkout-spinner" aria-hidden="true" />
        Preparing secure payment...
      </p>
    );
  }
  if (config.isError || !config.data) {
    return <Unavailable heroId={heroId} message={PAYMENT_MESSAGES.unavailable} />;
  }
  if (config.data.provider === 'stripe') {
    // Without a publishable key Stripe.js cannot be set up: say so instead of a form that cannot pay.
    if (!config.data.publishableKey) {
      return <Unavailable heroId={heroId} message={PAYMENT_MESSAGES.processorUnavailable} />;
    }
    return (
      <Suspense
        fallback={
          <p className="checkout-status" role="status">
            <span className="checkout-spinner" aria-hidden="true" />
            Preparing secure payment...
          </p>
        }
      >
        <StripeCheckout heroId={heroId} mode={mode} publishableKey={config.data.publishableKey} />
      </Suspense>
    );
  }
  return <LocalCheckoutForm heroId={heroId} mode={mode} />;
}

function Unavailable({ heroId, message }: { heroId: string; message: string }) {
  return (
    <div className="checkout-blocked" role="alert">
      <h2>Payment Unavailable</h2>
      <p>{message}</p>
      <CancelButton heroId={heroId} />
    </div>
  );
}

interface IntentFor {
  email: string;
  walletAddress: string;
  intent: PaymentIntent;
}

function LocalCheckoutForm({ heroId, mode }: { heroId: string; mode: CheckoutMode }) {
  const user = useAppSelector(selectUser);
  const navigate = useNavigate();
  const [email, setEmail] = useState(user?.email ?? '');
  const [walletAddress, setWalletAddress] = useState('');
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [initError, setInitError] = useState<string | null>(null);
  const [prepared, setPrepared] = useState<IntentFor | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const fallbackTimer = useRef<number | undefined>(undefined);

  const [createIntent] = useCreatePaymentIntentMutation();
  const [confirmPayment] = useConfirmLocalPaymentMutation();
  const [setPremium] = useSetHeroPremiumMutation();

  const requestFor = (forEmail: string, forWallet: string) => ({
    // Ignored by the server (its price table decides); sent as the spec's request shape.
    amount: mode.requestedAmount ?? DEFAULT_PRICES[mode.paymentType],
    currency: 'usd' as const,
    heroId,
    walletAddress: forWallet,
    unlockChapters: mode.unlockChapters,
    paymentType: mode.paymentType,
    is_test: true,
    email: forEmail,
  });

  // The payment intent is made up front (as the card element needs it), with the prefilled email.
  const initialEmail = useRef(user?.email ?? '');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    setInitError(null);
    createIntent(requestFor(initialEmail.current.trim(), ''))
      .unwrap()
      .then(
        (intent) => {
          if (!cancelled) setPrepared({ email: initialEmail.current.trim(), walletAddress: '', intent });
        },
        (failure: unknown) => {
          if (!cancelled) setInitError(createIntentErrorMessage(failure));
        },
      );
    return () => {
      cancelled = true;
    };
    // requestFor only reads the route's hero and mode, which key this effect.
  }, [createIntent, heroId, mode.paymentType, mode.unlockChapters, attempt]);

  useEffect(() => () => window.clearTimeout(fallbackTimer.current), []);

  const ready = prepared !== null && !succeeded;
  const numberHint = cardNumberHint(cardNumber);

  function goToHero() {
    const target = successPath(heroId, mode.paymentType);
    // Spec §4: a fallback redirect after 5 s in case the in-app navigation does not happen.
    fallbackTimer.current = window.setTimeout(() => window.location.assign(target), FALLBACK_REDIRECT_MS);
    void navigate(target, { replace: true });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || succeeded) return;
    setError(null);
    const emailMessage = emailProblem(email);
    if (emailMessage) return setError(emailMessage);
    if (!prepared) return setError(PAYMENT_MESSAGES.stillLoading);
    const checked = validateCard({ number: cardNumber, expiry, cvc }, new Date());
    if (!checked.ok) return setError(checked.message);

    setBusy(true);
    try {
      let current = prepared;
      const wantedEmail = email.trim();
      const wantedWallet = walletAddress.trim();
      if (current.email !== wantedEmail || current.walletAddress !== wantedWallet) {
        // The receipt address or wallet changed since the intent was made: make one that carries them.
        try {
          const intent = await createIntent(requestFor(wantedEmail, wantedWallet)).unwrap();
          current = { email: wantedEmail, walletAddress: wantedWallet, intent };
          setPrepared(current);
        } catch (failure) {
          setError(createIntentErrorMessage(failure));
          return;
        }
      }
      if (!current.intent.clientSecret) {
        setError(PAYMENT_MESSAGES.elementMissing);
        return;
      }

      try {
        await confirmPayment({ clientSecret: current.intent.clientSecret, card: checked.card }).unwrap();
      } catch (failure) {
        setError(confirmErrorMessage(failure));
        if (paymentClosedBy(failure)) {
          // That payment can no longer be paid: prepare a new one for the next try.
          setPrepared(null);
          setAttempt((n) => n + 1);
        }
        return;
      }

      setSucceeded(true);
      if (mode.paymentType === 'premium_upgrade') {
        try {
          await setPremium(heroId).unwrap();
        } catch {
          // Paid, but the hero was not switched: say so, and still take the user back after 5 s.
          setError(PAYMENT_MESSAGES.premiumUpdateFailed);
          fallbackTimer.current = window.setTimeout(
            () => window.location.assign(successPath(heroId, mode.paymentType)),
            FALLBACK_REDIRECT_MS,
          );
          return;
        }
      }
      goToHero();
    } finally {
      setBusy(false);
    }
  }

  const amount = prepared ? formatAmount(prepared.intent.amount, prepared.intent.currency) : null;

  return (
    <form className="form checkout-form" onSubmit={(event) => void handleSubmit(event)} noValidate>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
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
        />
        <p id="checkout-wallet-hint" className="field__hint">
          For storing your hero as an NFT in the future (not required)
        </p>
      </div>

      <fieldset className="card-form" aria-busy={!ready}>
        <legend className="field__label">Card Details</legend>
        <p className="card-form__hint" data-testid="test-mode-hint">
          {TEST_MODE_HINT}
        </p>
        <div className="field">
          <label htmlFor="card-number" className="field__label">
            Card Number
          </label>
          <input
            id="card-number"
            className="field__input card-form__number"
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            maxLength={23}
            aria-describedby={numberHint ? 'card-number-hint' : undefined}
            value={cardNumber}
            onChange={(event) => setCardNumber(formatCardNumber(event.target.value))}
          />
          {numberHint && (
            <p id="card-number-hint" className="field__hint card-form__warning">
              {numberHint}
            </p>
          )}
        </div>
        <div className="card-form__row">
          <div className="field">
            <label htmlFor="card-expiry" className="field__label">
              Expiry Date
            </label>
            <input
              id="card-expiry"
              className="field__input"
              type="text"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              maxLength={5}
              value={expiry}
              onChange={(event) => setExpiry(formatExpiryInput(event.target.value))}
            />
          </div>
          <div className="field">
            <label htmlFor="card-cvc" className="field__label">
              CVC
            </label>
            <input
              id="card-cvc"
              className="field__input"
              type="text"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              value={cvc}
              onChange={(event) => setCvc(cvcDigits(event.target.value))}
            />
          </div>
        </div>
      </fieldset>

      <p className="secure-notice">
        <LockIcon width={16} height={16} aria-hidden="true" />
        <span>
          <strong>Secure Payment</strong> — your card details go straight to our payment provider and are
          never stored by Starborn.
        </span>
      </p>

      <div className="actions checkout-actions">
        <button type="submit" className="button button--primary button--large" disabled={!ready || busy}>
          {busy ? 'Processing...' : mode.buttonLabel}
        </button>
        <CancelButton heroId={heroId} />
      </div>
      {!prepared && !initError && (
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

export default CheckoutPage;
