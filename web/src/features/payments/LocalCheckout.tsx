/**
 * The checkout's payment form with the built-in `local` provider: a test card form whose card goes
 * to the server's own confirmation. Everything around the card is the shared checkout (useCheckout,
 * CheckoutForm).
 */
import { useState } from 'react';
import { Field } from '../../components/FormField';
import {
  cardNumberHint,
  confirmErrorMessage,
  cvcDigits,
  formatCardNumber,
  formatExpiryInput,
  PAYMENT_MESSAGES,
  paymentClosedBy,
  validateCard,
  type CheckoutMode,
} from './checkout';
import type { CheckoutBlock } from './checkoutBlock';
import { CheckoutForm } from './CheckoutForm';
import { useConfirmLocalPaymentMutation } from './paymentsApi';
import { useCheckout, type PayStep } from './useCheckout';

export const TEST_MODE_HINT = 'Test mode — use 4242 4242 4242 4242, any future date, any CVC';

export interface LocalCheckoutProps {
  heroId: string;
  mode: CheckoutMode;
  onBlocked: (block: CheckoutBlock) => void;
}

interface CardInputProps {
  id: string;
  label: string;
  className?: string;
  autoComplete: string;
  placeholder: string;
  maxLength: number;
  /** Shown under the input and announced with it. */
  warning?: string | null;
  value: string;
  onChange: (text: string) => void;
}

/** One of the card's digit inputs, with its label. */
function CardInput({ id, label, className, warning, onChange, ...input }: CardInputProps) {
  const warningId = `${id}-hint`;
  return (
    <Field id={id} label={label}>
      <input
        id={id}
        className={className ? `field__input ${className}` : 'field__input'}
        type="text"
        inputMode="numeric"
        aria-describedby={warning ? warningId : undefined}
        {...input}
        onChange={(event) => onChange(event.target.value)}
      />
      {warning && (
        <p id={warningId} className="field__hint card-form__warning">
          {warning}
        </p>
      )}
    </Field>
  );
}

export function LocalCheckout({ heroId, mode, onBlocked }: LocalCheckoutProps) {
  const checkout = useCheckout({ heroId, mode, isTest: true, onBlocked });
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [confirmPayment] = useConfirmLocalPaymentMutation();

  const { prepared, showError } = checkout;
  const ready = !checkout.succeeded;
  const numberHint = cardNumberHint(cardNumber);

  const pay: PayStep = () => {
    const checked = validateCard({ number: cardNumber, expiry, cvc }, new Date());
    if (!checked.ok) {
      showError(checked.message);
      return null;
    }
    return async () => {
      let current = prepared;
      const wantedEmail = checkout.email.trim();
      const wantedWallet = checkout.walletAddress.trim();
      if (!current || current.email !== wantedEmail || current.walletAddress !== wantedWallet) {
        // The payment is opened now that Pay was pressed (the server hands the open one out again),
        // carrying the receipt address and wallet as they are now.
        const renewed = await checkout.renewIntent(wantedEmail, wantedWallet);
        if (!renewed) return false;
        current = renewed;
      }
      if (!current.intent.clientSecret) {
        showError(PAYMENT_MESSAGES.elementMissing);
        return false;
      }
      try {
        await confirmPayment({ clientSecret: current.intent.clientSecret, card: checked.card }).unwrap();
        return true;
      } catch (failure) {
        showError(confirmErrorMessage(failure));
        // That payment can no longer be paid: prepare a new one for the next try.
        if (paymentClosedBy(failure)) checkout.retry();
        return false;
      }
    };
  };

  return (
    <CheckoutForm
      checkout={checkout}
      pay={pay}
      ready={ready}
      loading={false}
      processorName="our payment provider"
      cardDetails={
        <fieldset className="card-form">
          <legend className="field__label">Card Details</legend>
          <p className="card-form__hint" data-testid="test-mode-hint">
            {TEST_MODE_HINT}
          </p>
          <CardInput
            id="card-number"
            label="Card Number"
            className="card-form__number"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            maxLength={23}
            warning={numberHint}
            value={cardNumber}
            onChange={(text) => setCardNumber(formatCardNumber(text))}
          />
          <div className="card-form__row">
            <CardInput
              id="card-expiry"
              label="Expiry Date"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              maxLength={5}
              value={expiry}
              onChange={(text) => setExpiry(formatExpiryInput(text))}
            />
            <CardInput
              id="card-cvc"
              label="CVC"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              value={cvc}
              onChange={(text) => setCvc(cvcDigits(text))}
            />
          </div>
        </fieldset>
      }
    />
  );
}
