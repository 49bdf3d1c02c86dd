/**
 * Back on /hero/{id} from a redirect-based payment method: Stripe appends `payment_intent`,
 * `payment_intent_client_secret` and `redirect_status` to the return_url. This hook asks Stripe for
 * the intent; paid → (premium) setpremium so the hero shows as paid at once, and the Stripe parameters
 * leave the URL; not paid → back to the checkout, which shows Stripe's message.
 *
 * For the hero page: `const stripeReturn = useStripeRedirectReturn(heroId)`, and hold the
 * ?payment=success notice while `stripeReturn === 'checking'` (it must not announce a failed payment).
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PAYMENT_MESSAGES } from './checkout';
import { useGetPaymentsConfigQuery, useSetHeroPremiumMutation } from './paymentsApi';
import { redirectReturnOutcome, stripeRedirectReturn, withoutStripeReturnParams } from './stripe';
import { getStripe } from './stripeLoader';

export type StripeReturnState = 'none' | 'checking' | 'paid' | 'failed';

export function useStripeRedirectReturn(heroId: string): StripeReturnState {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const returned = stripeRedirectReturn(params);
  const config = useGetPaymentsConfigQuery(undefined, { skip: returned === null });
  const [setPremium] = useSetHeroPremiumMutation();
  const [state, setState] = useState<StripeReturnState>(returned ? 'checking' : 'none');
  const handled = useRef<string | null>(null);
  const chapters = params.get('type') === 'chapters';

  useEffect(() => {
    if (!returned || handled.current === returned.clientSecret) return;
    const key = config.data?.publishableKey;
    if (config.isLoading || config.isFetching) return;
    handled.current = returned.clientSecret;
    setState('checking');

    const fail = (message: string) => {
      setState('failed');
      const query = chapters ? '?type=chapters' : '';
      void navigate(`/checkout/${encodeURIComponent(heroId)}${query}`, {
        replace: true,
        state: { paymentError: message },
      });
    };

    void (async () => {
      if (config.data?.provider !== 'stripe' || !key) return fail(PAYMENT_MESSAGES.processorUnavailable);
      let stripe;
      try {
        stripe = await getStripe(key);
      } catch {
        stripe = null;
      }
      if (!stripe) return fail(PAYMENT_MESSAGES.failedToInitialize);
      const result = await stripe.retrievePaymentIntent(returned.clientSecret);
      const outcome = redirectReturnOutcome(
        result.paymentIntent?.status,
        result.error ?? result.paymentIntent?.last_payment_error,
      );
      if (outcome.kind === 'failed') return fail(outcome.message);
      if (!chapters) {
        try {
          await setPremium(heroId).unwrap();
        } catch {
          // The webhook still fulfils it; the page refetches the hero.
        }
      }
      setState('paid');
      setParams(withoutStripeReturnParams(new URLSearchParams(window.location.search)), { replace: true });
    })();
  }, [
    returned,
    config.data,
    config.isLoading,
    config.isFetching,
    chapters,
    heroId,
    navigate,
    setParams,
    setPremium,
  ]);

  return state;
}
