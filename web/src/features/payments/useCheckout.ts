/**
 * What both payment forms share, whichever provider takes the card (the built-in test card form or
 * Stripe's Payment Element): the receipt email and wallet fields, the payment intent, the one error
 * line, and what happens once the money is taken (the premium switch, the way back to the hero with
 * its fallback redirect). A form only brings its card element and its way of charging.
 *
 * Viewing the checkout opens no payment, with either provider: the price shown (and a reason nothing
 * can be bought) comes from the server's quote, Stripe's Payment Element is drawn from that quote's
 * amount and currency, and the payment intent is asked for only when Pay is pressed, carrying the
 * receipt address and wallet as they are then (the server hands the user's open one out again).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../auth/authSlice';
import { checkoutBlockFromIntentError, type CheckoutBlock } from './checkoutBlock';
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
import { usePaymentError, type ShownPaymentError } from './PaymentError';
import {
  useCreatePaymentIntentMutation,
  useGetCheckoutQuoteQuery,
  useSetHeroPremiumMutation,
  type CheckoutQuote,
  type CreatePaymentIntentRequest,
  type PaymentIntent,
} from './paymentsApi';

/** A payment intent with the receipt email and wallet it was made for. */
export interface PreparedIntent {
  email: string;
  walletAddress: string;
  intent: PaymentIntent;
}

export interface CheckoutOptions {
  heroId: string;
  mode: CheckoutMode;
  /** Whether the payment is a test one (the server only records it). */
  isTest: boolean;
  /** Told when the server refuses the payment for good (see checkoutBlock): the page shows why instead. */
  onBlocked: (block: CheckoutBlock) => void;
}

/**
 * A form's way of paying, asked after the shared checks pass: null when it stops before charging
 * (it has shown why), else the charge itself, which resolves true once the payment went through.
 * While the charge runs the form is busy.
 */
export type PayStep = () => (() => Promise<boolean>) | null;

export interface Checkout {
  heroId: string;
  mode: CheckoutMode;
  email: string;
  setEmail: (email: string) => void;
  walletAddress: string;
  setWalletAddress: (wallet: string) => void;
  /** The price the server quotes for this sale (what Stripe's element is drawn for), once known. */
  quote: CheckoutQuote | null;
  /** The payment intent of the last Pay, with the receipt address and wallet it carries. */
  prepared: PreparedIntent | null;
  /** Why the checkout could not be prepared (with a Try Again next to it), or null. */
  initError: string | null;
  /** Forgets the payment intent, so the next Pay asks for one, and asks for a quote that failed again. */
  retry: () => void;
  /** A new payment intent for this email and wallet, in place of the current one; null when refused. */
  renewIntent: (email: string, walletAddress: string) => Promise<PreparedIntent | null>;
  error: ShownPaymentError | null;
  showError: (message: string) => void;
  busy: boolean;
  succeeded: boolean;
  /** The price, '$3.99': the quoted price until the intent is made, then the intent's own. */
  amount: string | null;
  submit: (event: FormEvent<HTMLFormElement>, pay: PayStep) => Promise<void>;
}

export function useCheckout({ heroId, mode, isTest, onBlocked }: CheckoutOptions): Checkout {
  const user = useAppSelector(selectUser);
  const navigate = useNavigate();
  const [email, setEmail] = useState(user?.email ?? '');
  const [walletAddress, setWalletAddress] = useState('');
  const { error, show: showError, clear: clearError } = usePaymentError();
  const [busy, setBusy] = useState(false);
  const [prepared, setPrepared] = useState<PreparedIntent | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const fallbackTimer = useRef<number | undefined>(undefined);

  const [createIntent] = useCreatePaymentIntentMutation();
  const quote = useGetCheckoutQuoteQuery({ heroId, paymentType: mode.paymentType });
  // A sale the server refuses (no storybook yet, every chapter unlocked...) blocks the page at once.
  const quoteBlock = useMemo(
    () => (quote.error ? checkoutBlockFromIntentError(quote.error, mode.paymentType) : null),
    [quote.error, mode.paymentType],
  );
  useEffect(() => {
    if (quoteBlock) onBlocked(quoteBlock);
  }, [quoteBlock, onBlocked]);
  // Any other failure (the connection, the server) is said above the form, with Try Again.
  const initError = quote.error && !quoteBlock ? createIntentErrorMessage(quote.error) : null;
  const [setPremium] = useSetHeroPremiumMutation();

  const requestFor = useCallback(
    (forEmail: string, forWallet: string): CreatePaymentIntentRequest => ({
      // Ignored by the server (its price table decides); sent as the request shape the API documents.
      amount: mode.requestedAmount ?? DEFAULT_PRICES[mode.paymentType],
      currency: 'usd',
      heroId,
      walletAddress: forWallet,
      unlockChapters: mode.unlockChapters,
      paymentType: mode.paymentType,
      is_test: isTest,
      email: forEmail,
    }),
    [heroId, isTest, mode.paymentType, mode.requestedAmount, mode.unlockChapters],
  );

  useEffect(() => () => window.clearTimeout(fallbackTimer.current), []);

  const refetchQuote = quote.refetch;
  const quoteFailed = quote.isError;
  const retry = useCallback(() => {
    setPrepared(null);
    if (quoteFailed) void refetchQuote();
  }, [quoteFailed, refetchQuote]);

  async function renewIntent(forEmail: string, forWallet: string): Promise<PreparedIntent | null> {
    try {
      const intent = await createIntent(requestFor(forEmail, forWallet)).unwrap();
      const renewed = { email: forEmail, walletAddress: forWallet, intent };
      setPrepared(renewed);
      return renewed;
    } catch (failure) {
      const block = checkoutBlockFromIntentError(failure, mode.paymentType);
      if (block) onBlocked(block);
      else showError(createIntentErrorMessage(failure));
      return null;
    }
  }

  /** A fallback full-page redirect after 5 s, in case the in-app navigation does not happen. */
  function redirectLater(target: string) {
    fallbackTimer.current = window.setTimeout(() => window.location.assign(target), FALLBACK_REDIRECT_MS);
  }

  /** Paid: a premium upgrade switches the hero, then the user goes back to the hero. */
  async function completePaid() {
    setSucceeded(true);
    const target = successPath(heroId, mode.paymentType);
    if (mode.paymentType === 'premium_upgrade') {
      try {
        await setPremium(heroId).unwrap();
      } catch {
        // Paid, but the hero was not switched: say so, and still take the user back after 5 s.
        showError(PAYMENT_MESSAGES.premiumUpdateFailed);
        redirectLater(target);
        return;
      }
    }
    redirectLater(target);
    void navigate(target, { replace: true });
  }

  async function submit(event: FormEvent<HTMLFormElement>, pay: PayStep) {
    event.preventDefault();
    if (busy || succeeded) return;
    clearError();
    const emailMessage = emailProblem(email);
    if (emailMessage) return showError(emailMessage);
    const charge = pay();
    if (!charge) return;
    setBusy(true);
    try {
      if (await charge()) await completePaid();
    } catch {
      showError(PAYMENT_MESSAGES.cardFailed);
    } finally {
      setBusy(false);
    }
  }

  return {
    heroId,
    mode,
    email,
    setEmail,
    walletAddress,
    setWalletAddress,
    quote: quote.data ?? null,
    prepared,
    initError,
    retry,
    renewIntent,
    error,
    showError,
    busy,
    succeeded,
    amount: prepared
      ? formatAmount(prepared.intent.amount, prepared.intent.currency)
      : quote.data
        ? formatAmount(quote.data.amount, quote.data.currency)
        : null,
    submit,
  };
}
