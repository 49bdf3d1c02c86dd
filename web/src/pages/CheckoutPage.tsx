import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useAppSelector } from '../app/hooks';
import { LockIcon } from '../components/HeroIcons';
import { usePageMeta } from '../components/usePageMeta';
import { selectUser } from '../features/auth/authSlice';
import { CancelButton } from '../features/payments/CancelButton';
import { CheckoutBlocked } from '../features/payments/CheckoutBlocked';
import {
  checkoutBlockFromHero,
  checkoutBlockFromIntentError,
  type CheckoutBlock,
} from '../features/payments/checkoutBlock';
import { PaymentError, usePaymentError } from '../features/payments/PaymentError';
import { HERO_ID_PATTERN } from '../features/heroes/heroId';
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
  type QuotaState,
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
  // A hero that is not the user's, or premium already, has nothing to buy here: the page says so
  // instead of a payment form (see checkoutBlock). The hero is checked once, before the form shows:
  // the hero a successful payment makes premium must not replace the form on its way out.
  const heroQuery = useGetHeroQuery(heroId, { skip: !HERO_ID_PATTERN.test(heroId) });
  const hero = heroQuery.currentData;
  const heroSettled = heroQuery.isUninitialized || hero !== undefined || heroQuery.isError;
  const blockKey = `${heroId}:${mode.paymentType}`;
  const [checked, setChecked] = useState<{ key: string; block: CheckoutBlock | null } | null>(null);
  const current = checked?.key === blockKey ? checked : null;
  if (current === null && heroSettled) {
    setChecked({
      key: blockKey,
      block: checkoutBlockFromHero(heroId, mode.paymentType, hero, heroQuery.error),
    });
  }
  // The server has the last word: a payment it refuses for good blocks the checkout too.
  const onBlocked = useCallback((block: CheckoutBlock) => setChecked({ key: blockKey, block }), [blockKey]);

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
        {current?.block ? (
          <CheckoutBlocked block={current.block} heroId={heroId} />
        ) : (
          <PaymentStep
            heroId={heroId}
            mode={mode}
            quotaState={quotaState}
            onRetryQuota={() => void quota.refetch()}
            heroChecked={current !== null}
            onBlocked={onBlocked}
          />
        )}
      </div>
    </section>
  );
}

interface PaymentStepProps {
  heroId: string;
  mode: CheckoutMode;
  quotaState: QuotaState;
  onRetryQuota: () => void;
  heroChecked: boolean;
  onBlocked: (block: CheckoutBlock) => void;
}

/** The AI-quota check's answer, then (once the hero is known) the payment form. */
function PaymentStep({ heroId, mode, quotaState, onRetryQuota, heroChecked, onBlocked }: PaymentStepProps) {
  return (
    <>
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
            <button type="button" className="button button--primary" onClick={onRetryQuota}>
              Try Again
            </button>
            <CancelButton heroId={heroId} />
          </div>
        </div>
      )}
      {quotaState.kind === 'available' &&
        (heroChecked ? (
          <PaymentSection heroId={heroId} mode={mode} onBlocked={onBlocked} />
        ) : (
          <PreparingPayment />
        ))}
    </>
  );
}

function PreparingPayment() {
  return (
    <p className="checkout-status" role="status">
      <span className="checkout-spinner" aria-hidden="true" />
      Preparing secure payment...
    </p>
  );
}

/** Stripe's Payment Element and Stripe.js: a chunk of its own, loaded only with the `stripe` provider. */
const StripeCheckout = lazy(() => import('../features/payments/StripeCheckout'));

/** The provider decides the form: the built-in test card form, or Stripe's Payment Element. */
function PaymentSection({ heroId, mode, onBlocked }: PaymentFormProps) {
  const config = useGetPaymentsConfigQuery();
  if (config.isLoading) return <PreparingPayment />;
  if (config.isError || !config.data) {
    return <Unavailable heroId={heroId} message={PAYMENT_MESSAGES.unavailable} />;
  }
  if (config.data.provider === 'stripe') {
    // Without a publishable key Stripe.js cannot be set up: say so instead of a form that cannot pay.
    if (!config.data.publishableKey) {
      return <Unavailable heroId={heroId} message={PAYMENT_MESSAGES.processorUnavailable} />;
    }
    return (
      <Suspense fallback={<PreparingPayment />}>
        <StripeCheckout
          heroId={heroId}
          mode={mode}
          publishableKey={config.data.publishableKey}
          onBlocked={onBlocked}
        />
      </Suspense>
    );
  }
  return <LocalCheckoutForm heroId={heroId} mode={mode} onBlocked={onBlocked} />;
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

interface PaymentFormProps {
  heroId: string;
  mode: CheckoutMode;
  onBlocked: (block: CheckoutBlock) => void;
}

function LocalCheckoutForm({ heroId, mode, onBlocked }: PaymentFormProps) {
  const user = useAppSelector(selectUser);
  const navigate = useNavigate();
  const [email, setEmail] = useState(user?.email ?? '');
  const [walletAddress, setWalletAddress] = useState('');
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const { error, show: showError, clear: clearError } = usePaymentError();
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
          if (cancelled) return;
          const block = checkoutBlockFromIntentError(failure, mode.paymentType);
          if (block) onBlocked(block);
          else setInitError(createIntentErrorMessage(failure));
        },
      );
    return () => {
      cancelled = true;
    };
    // requestFor only reads the route's hero and mode, which key this effect.
  }, [createIntent, heroId, mode.paymentType, mode.unlockChapters, attempt, onBlocked]);

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
    clearError();
    const emailMessage = emailProblem(email);
    if (emailMessage) return showError(emailMessage);
    if (!prepared) return showError(PAYMENT_MESSAGES.stillLoading);
    const checked = validateCard({ number: cardNumber, expiry, cvc }, new Date());
    if (!checked.ok) return showError(checked.message);

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
          const block = checkoutBlockFromIntentError(failure, mode.paymentType);
          if (block) onBlocked(block);
          else showError(createIntentErrorMessage(failure));
          return;
        }
      }
      if (!current.intent.clientSecret) {
        showError(PAYMENT_MESSAGES.elementMissing);
        return;
      }

      try {
        await confirmPayment({ clientSecret: current.intent.clientSecret, card: checked.card }).unwrap();
      } catch (failure) {
        showError(confirmErrorMessage(failure));
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
          showError(PAYMENT_MESSAGES.premiumUpdateFailed);
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

      <PaymentError error={error} />
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
