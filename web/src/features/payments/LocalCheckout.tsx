/**
 * The checkout's payment form with the built-in `local` provider: a test card form whose card goes
 * to the server's own confirmation. Everything around the card is the shared checkout (useCheckout,
 * CheckoutForm).
 */
import { useState } from 'react';
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

export function LocalCheckout({ heroId, mode, onBlocked }: LocalCheckoutProps) {
  const checkout = useCheckout({ heroId, mode, isTest: true, onBlocked });
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [confirmPayment] = useConfirmLocalPaymentMutation();

  const { prepared, showError } = checkout;
  const ready = prepared !== null && !checkout.succeeded;
  const numberHint = cardNumberHint(cardNumber);

  const pay: PayStep = () => {
    if (!prepared) {
      showError(PAYMENT_MESSAGES.stillLoading);
      return null;
    }
    const checked = validateCard({ number: cardNumber, expiry, cvc }, new Date());
    if (!checked.ok) {
      showError(checked.message);
      return null;
    }
    return async () => {
      let current = prepared;
      const wantedEmail = checkout.email.trim();
      const wantedWallet = checkout.walletAddress.trim();
      if (current.email !== wantedEmail || current.walletAddress !== wantedWallet) {
        // The receipt address or wallet changed since the intent was made: make one that carries them.
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
      loading={!prepared}
      processorName="our payment provider"
      cardDetails={
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
      }
    />
  );
}
