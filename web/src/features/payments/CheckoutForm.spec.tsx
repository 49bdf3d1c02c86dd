import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { checkoutModeFromQuery } from './checkout';
import { CheckoutForm, type CheckoutFormProps } from './CheckoutForm';
import type { Checkout } from './useCheckout';

const noop = () => undefined;

function checkout(overrides: Partial<Checkout> = {}): Checkout {
  return {
    heroId: 'a'.repeat(32),
    mode: checkoutModeFromQuery(new URLSearchParams()),
    email: 'lyra@starborn.test',
    setEmail: noop,
    walletAddress: '',
    setWalletAddress: noop,
    quote: { paymentType: 'premium_upgrade', amount: 399, currency: 'usd' },
    prepared: null,
    initError: null,
    retry: noop,
    renewIntent: async () => null,
    error: null,
    showError: noop,
    busy: false,
    succeeded: false,
    amount: '$3.99',
    submit: async () => undefined,
    ...overrides,
  };
}

function render(props: Partial<CheckoutFormProps> = {}): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <CheckoutForm
        checkout={checkout()}
        cardDetails={<fieldset data-testid="card-element" />}
        pay={() => null}
        ready
        loading={false}
        processorName="our payment provider"
        {...props}
      />
    </MemoryRouter>,
  );
}

describe('the shared checkout form', () => {
  it('puts the provider’s card element between the wallet field and the secure-payment note', () => {
    const html = render();
    const wallet = html.indexOf('id="checkout-wallet"');
    const card = html.indexOf('data-testid="card-element"');
    const notice = html.indexOf('class="secure-notice"');
    expect(wallet).toBeGreaterThan(-1);
    expect(card).toBeGreaterThan(wallet);
    expect(notice).toBeGreaterThan(card);
    expect(html).toContain('value="lyra@starborn.test"');
    expect(html).toContain('$3.99');
    expect(html).toContain('Upgrade to Premium');
  });

  it('names the processor in the secure-payment note and marks the provider only when given', () => {
    expect(render()).toContain('go straight to our payment provider and are never stored by Starborn.');
    expect(render()).not.toContain('data-provider');
    const stripe = render({ processorName: 'Stripe, our payment provider,', provider: 'stripe' });
    expect(stripe).toContain(
      'go straight to Stripe, our payment provider, and are never stored by Starborn.',
    );
    expect(stripe).toContain('data-provider="stripe"');
  });

  it('disables paying until ready or while busy, and says when the form is still loading', () => {
    expect(render({ ready: false })).toMatch(/<button type="submit"[^>]*disabled/);
    // While paying the button says so and stays enabled-looking (readable), only marked busy.
    const busy = render({ checkout: checkout({ busy: true }) });
    expect(busy).toContain('Processing…');
    expect(busy).toMatch(/<button type="submit"[^>]*aria-busy="true"/);
    expect(busy).not.toMatch(/<button type="submit"[^>]*disabled=""/);
    expect(render({ loading: true })).toContain('Loading the payment form...');
    expect(render()).not.toContain('Loading the payment form...');
  });

  it('says what the wallet field is for and that it is optional, tied to the input', () => {
    const html = render();
    expect(html).toMatch(/<label[^>]*for="checkout-wallet"[^>]*>NFT Wallet Address <span[^>]*>\(optional\)/);
    expect(html).toMatch(/id="checkout-wallet"[^>]*aria-describedby="checkout-wallet-hint"/);
    expect(html).toMatch(/id="checkout-wallet-hint"[^>]*>For storing your hero as an NFT[^<]*not required/);
  });

  it('shows why the intent failed, with Try Again, instead of the loading line', () => {
    const html = render({
      loading: true,
      checkout: checkout({ initError: 'Failed to initialize payment.' }),
    });
    expect(html).toContain('Failed to initialize payment.');
    expect(html).toContain('Try Again');
    expect(html).not.toContain('Loading the payment form...');
  });
});
