/**
 * The checkout's form around the card element, the same for every payment provider: the intent's
 * error with Try Again, the price, the receipt email, the optional wallet, the card element the
 * provider brings, the secure-payment note, the one error line and the pay and cancel buttons.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Field } from '../../components/FormField';
import { LockIcon } from '../../components/HeroIcons';
import { CancelButton } from './CancelButton';
import { PaymentError } from './PaymentError';
import type { Checkout, PayStep } from './useCheckout';

export interface CheckoutFormProps {
  checkout: Checkout;
  /** The provider's card element, inside the form's Card/Payment Details fieldset. */
  cardDetails: ReactNode;
  /** The provider's way of charging (see PayStep). */
  pay: PayStep;
  /** The pay button is enabled (the provider's element is in place). */
  ready: boolean;
  /** The card element is still being prepared: the form says so. */
  loading: boolean;
  /** Who takes the card, as the secure-payment note names it ('our payment provider'). */
  processorName: string;
  /** Marks the form with its provider (data-provider), when it is not the built-in one. */
  provider?: string;
}

export function CheckoutForm({
  checkout,
  cardDetails,
  pay,
  ready,
  loading,
  processorName,
  provider,
}: CheckoutFormProps) {
  const { heroId, mode, initError, amount, busy } = checkout;
  return (
    <form
      className="form checkout-form"
      onSubmit={(event) => void checkout.submit(event, pay)}
      noValidate
      data-provider={provider}
    >
      {initError && (
        <div className="form-error checkout-init-error" role="alert">
          <p>{initError}</p>
          <button type="button" className="button button--ghost button--small" onClick={checkout.retry}>
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

      <Field id="checkout-email" label="Email Address">
        <input
          id="checkout-email"
          className="field__input"
          type="email"
          autoComplete="email"
          required
          aria-required="true"
          value={checkout.email}
          onChange={(event) => checkout.setEmail(event.target.value)}
        />
      </Field>

      <Field
        id="checkout-wallet"
        label={
          <>
            NFT Wallet Address <span className="checkout-optional">(optional)</span>
          </>
        }
      >
        <input
          id="checkout-wallet"
          className="field__input"
          type="text"
          placeholder="0x..."
          autoComplete="off"
          spellCheck={false}
          aria-describedby="checkout-wallet-hint"
          value={checkout.walletAddress}
          onChange={(event) => checkout.setWalletAddress(event.target.value)}
        />
        <p id="checkout-wallet-hint" className="field__hint">
          For storing your hero as an NFT in the future (not required): an Ethereum address (0x…) kept with
          this purchase. Leave it empty to pay without one; it does not change the payment.
        </p>
      </Field>

      {cardDetails}

      <p className="secure-notice">
        <LockIcon width={16} height={16} aria-hidden="true" />
        <span>
          <strong>Secure Payment</strong> — your card details go straight to {processorName} and are never
          stored by Starborn.
        </span>
      </p>

      <PaymentError error={checkout.error} />
      <div className="actions checkout-actions">
        {/* While paying, the button stays readable (not the faded disabled look) and says so. */}
        <button
          type="submit"
          className={`button button--primary button--large${busy ? ' checkout-pay--busy' : ''}`}
          disabled={!ready && !busy}
          aria-disabled={busy || undefined}
          aria-busy={busy || undefined}
          data-testid="checkout-pay"
        >
          {busy ? 'Processing…' : mode.buttonLabel}
        </button>
        <CancelButton heroId={heroId} />
      </div>
      {loading && !initError && (
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
