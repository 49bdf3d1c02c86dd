import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { usePageMeta } from '../components/usePageMeta';
import { CancelButton } from '../features/payments/CancelButton';
import { CheckoutBlocked } from '../features/payments/CheckoutBlocked';
import { checkoutBlockFromHero, type CheckoutBlock } from '../features/payments/checkoutBlock';
import { LocalCheckout } from '../features/payments/LocalCheckout';
import { HERO_ID_PATTERN } from '../features/heroes/heroId';
import { useGetHeroQuery } from '../features/heroes/heroesApi';
import { stripPreviewPrefix } from '../features/heroes/types';
import {
  checkoutModeFromQuery,
  PAYMENT_MESSAGES,
  quotaStateFrom,
  type CheckoutMode,
  type QuotaState,
} from '../features/payments/checkout';
import { useCheckAiQuotaQuery, useGetPaymentsConfigQuery } from '../features/payments/paymentsApi';
import '../styles/payments.css';

/** The checkout: the AI-quota check, then the payment form for a premium upgrade or 3 more chapters. */
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
        {hero?.name && (
          <p className="lead checkout-page__hero">
            for <bdi>{hero.name}</bdi>
          </p>
        )}
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
  return <LocalCheckout heroId={heroId} mode={mode} onBlocked={onBlocked} />;
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

interface PaymentFormProps {
  heroId: string;
  mode: CheckoutMode;
  onBlocked: (block: CheckoutBlock) => void;
}

export default CheckoutPage;
