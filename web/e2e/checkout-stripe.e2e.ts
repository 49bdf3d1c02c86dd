/**
 * Checkout with the `stripe` provider (the checkout screen and its payment flow), in the `stripe` project: a
 * server with PAYMENTS_PROVIDER=stripe talks to a fake Stripe API on loopback, and the browser gets a
 * fake Stripe.js through routes for https://js.stripe.com and https://api.stripe.com — so the site's
 * CSP for Stripe is exercised too (the fixtures fail a test on any CSP violation).
 */
import type { Page } from '@playwright/test';
import { createHero, expect, generatedHero, signUp, signUpViaApi, test } from './fixtures';
import { heroPaymentStatus, openPremiumCheckout } from './support/checkout';
import { blockStripeJs, fakeStripeState, useFakeStripe } from './support/fake-stripe';
import { CHECKOUT_VIEWPORTS, expectPaymentErrorInView } from './support/payment-error';

const INIT_FAILED = 'Payment processing failed to initialize. Please try again later.';
const NOT_AVAILABLE = 'Payment processor not available. Please try again later.';

/** The Payment Element's card fields, inside Stripe's frame. */
async function fillStripeCard(page: Page, number: string, expiry = '12 / 34', cvc = '123') {
  const frame = page.frameLocator('iframe[title="Secure payment input frame"]');
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiration date').fill(expiry);
  await frame.getByLabel('Security code').fill(cvc);
}

test.describe('checkout with Stripe', () => {
  test.setTimeout(200_000);

  test('pays a premium upgrade through the Payment Element; Stripe’s signed webhook fulfils it', async ({
    page,
  }) => {
    let openFrame = () => {};
    const frameGate = new Promise<void>((resolve) => (openFrame = resolve));
    await useFakeStripe(page, { frameGate });
    const account = await signUp(page, 'stripe-pay');
    const heroId = await generatedHero(page, account, 'Seraphine Vale', '1994-04-18');

    await page.goto(`/hero/${heroId}`);
    await page.locator('.hero-actions').getByRole('link', { name: 'Unlock Now' }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/${heroId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Unlock Premium Hero' })).toBeVisible();
    await expect(page.getByTestId('checkout-amount')).toHaveText('$3.99');
    await expect(page.getByLabel('Email Address')).toHaveValue(account.email);
    await expect(page.getByText('Secure Payment')).toBeVisible();
    // No built-in test card form with Stripe: the card fields are Stripe's.
    await expect(page.getByLabel('Card Number')).toHaveCount(0);

    // Disabled until the Payment Element says it is ready.
    const pay = page.getByRole('button', { name: 'Upgrade to Premium' });
    await expect(page.locator('iframe[title="Secure payment input frame"]')).toHaveCount(1);
    await expect(pay).toBeDisabled();
    openFrame();
    await expect(pay).toBeEnabled();
    // The Payment Element is drawn for the quoted price: opening the checkout opened no payment.
    const intentsOfHero = async () =>
      (await fakeStripeState(page.request)).intents.filter((intent) => intent.metadata.heroId === heroId);
    expect(await intentsOfHero()).toHaveLength(0);

    // Stripe's own validation message, from checking the card fields before anything is opened.
    await fillStripeCard(page, '4242', '', '');
    await pay.click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Your card number is incomplete.' }),
    ).toBeVisible();
    expect(await intentsOfHero()).toHaveLength(0);
    // Nor does coming back to the checkout (a reload) open one.
    await page.reload();
    await expect(pay).toBeEnabled();
    expect(await intentsOfHero()).toHaveLength(0);

    const receiptEmail = `receipt-${account.email}`;
    await page.getByLabel('Email Address').fill(receiptEmail);
    await fillStripeCard(page, '4242 4242 4242 4242');
    await pay.click();
    await expect(page).toHaveURL(new RegExp(`/hero/${heroId}$`), { timeout: 20_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Payment Successful!' })).toBeVisible();
    await expect(page.getByText('Premium hero')).toBeVisible();
    await expect(page.getByTestId('watermark')).toHaveCount(0);

    expect(await heroPaymentStatus(page, account, heroId)).toBe('paid');

    // At Stripe: one intent for this hero at the table price, paid, with the receipt email; its
    // payment_intent.succeeded webhook was signed, delivered and accepted by the server.
    const stripe = await fakeStripeState(page.request);
    const intents = stripe.intents.filter((intent) => intent.metadata.heroId === heroId);
    const paid = intents.filter((intent) => intent.status === 'succeeded');
    expect(paid).toHaveLength(1);
    expect(intents).toHaveLength(1);
    expect(paid[0]).toMatchObject({
      amount: 399,
      currency: 'usd',
      receipt_email: receiptEmail,
      automatic_payment_methods: { enabled: true },
      metadata: { heroId, userId: account.userId, paymentType: 'premium_upgrade' },
    });
    const webhooks = stripe.deliveries.filter((delivery) => delivery.intentId === paid[0]!.id);
    expect(webhooks).toEqual([expect.objectContaining({ type: 'payment_intent.succeeded', status: 200 })]);
  });

  test.describe('payment errors', () => {
    // Declined cards answer 402; the lost connection is the aborted confirmation below.
    test.use({ expectedConsoleErrors: [/status of 402|net::ERR_INTERNET_DISCONNECTED/] });

    for (const viewport of CHECKOUT_VIEWPORTS) {
      test(`each shows next to the pay button, in view and focused; a failed redirect return is not announced (${viewport.width}×${viewport.height})`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        await useFakeStripe(page);
        const account = await signUp(page, 'stripe-declined');
        const heroId = await generatedHero(page, account, 'Tobias Emberfall', '1987-02-09');

        const pay = await openPremiumCheckout(page, heroId);
        await fillStripeCard(page, '4000 0000 0000 0002');
        await pay.click();
        await expectPaymentErrorInView(page, 'Your card was declined.', pay);
        await expect(page).toHaveURL(new RegExp(`/checkout/${heroId}$`));
        await expect(pay).toBeEnabled();

        // Stripe out of reach: the app's own words for a lost connection.
        const confirmAtStripe = 'https://api.stripe.com/v1/payment_intents/*/confirm';
        await page.route(confirmAtStripe, (route) => route.abort('internetdisconnected'));
        await fillStripeCard(page, '4000 0000 0000 9995');
        await pay.click();
        await expectPaymentErrorInView(
          page,
          'Network error. Please check your connection and try again.',
          pay,
        );
        await page.unroute(confirmAtStripe);
        await pay.click();
        await expectPaymentErrorInView(page, 'Your card has insufficient funds.', pay);

        expect(await heroPaymentStatus(page, account, heroId)).toBe('unpaid');
        const stripe = await fakeStripeState(page.request);
        const intents = stripe.intents.filter((intent) => intent.metadata.heroId === heroId);
        expect(intents.map((intent) => intent.status)).not.toContain('succeeded');

        // Back on the hero page as a redirect-based method returns (Stripe appends the intent): the hero
        // page asks Stripe, announces nothing, and sends the user back to the checkout with Stripe's message.
        const declined = intents.at(-1)!;
        const returnQuery = new URLSearchParams({
          payment: 'success',
          payment_intent: declined.id,
          payment_intent_client_secret: declined.client_secret,
          redirect_status: 'failed',
        });
        await page.goto(`/hero/${heroId}?${returnQuery}`);
        await expect(page).toHaveURL(new RegExp(`/checkout/${heroId}$`));
        await expect(pay).toBeEnabled();
        await expectPaymentErrorInView(page, 'Your card has insufficient funds.', pay);
        await expect(page.getByText('Payment Successful!')).toHaveCount(0);

        await fillStripeCard(page, '4000 0000 0000 0069');
        await pay.click();
        await expectPaymentErrorInView(page, 'Your card has expired.', pay);
      });
    }
  });

  test.describe('nothing to buy', () => {
    test.use({ expectedConsoleErrors: [/status of 404/] });

    test('the server refuses a hero that is not the user’s: Hero not found instead of the Payment Element', async ({
      page,
    }) => {
      await useFakeStripe(page);
      const owner = await signUpViaApi(page, 'stripe-owner');
      const heroId = await createHero(page, owner, 'Maelis Duskwater', '1993-07-11');
      await signUp(page, 'stripe-not-owner');
      // The page is made to believe the hero is this user's: only the payment's refusal tells it.
      const ownerView = await (
        await page.request.get(`/api/heroes/${heroId}`, { headers: owner.headers })
      ).json();
      await page.route(
        (url) => url.pathname === `/api/heroes/${heroId}`,
        (route) => route.fulfill({ json: ownerView }),
      );

      await page.goto(`/checkout/${heroId}`);
      await expect(page.getByRole('heading', { level: 2, name: 'Hero not found' })).toBeVisible();
      await expect(page.locator('iframe[title="Secure payment input frame"]')).toHaveCount(0);
      await expect(page.getByText('Failed to initialize payment')).toHaveCount(0);
      await page.locator('.checkout-card').getByRole('link', { name: 'My Heroes' }).click();
      await expect(page).toHaveURL(/\/heroes$/);
    });
  });

  test.describe('three declined cards', () => {
    // One pattern: 402 for the declines, 400 for the cancelled intent.
    test.use({ expectedConsoleErrors: [/status of 40[02]/] });

    test('cancel the intent at Stripe; the next Pay opens a new payment, and a good card pays it', async ({
      page,
    }) => {
      await useFakeStripe(page);
      const account = await signUp(page, 'stripe-declines');
      const heroId = await generatedHero(page, account, 'Ilsa Marrowind', '1984-05-21');
      // The first enable waits for the hero check, the intent and the Payment Element on a busy machine.
      const pay = await openPremiumCheckout(page, heroId, { timeout: 30_000 });
      for (let n = 0; n < 3; n++) {
        await expect(pay).toBeEnabled();
        await fillStripeCard(page, '4000 0000 0000 0002');
        await pay.click();
        await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
      }
      // The server cancelled the intent at Stripe after the third decline (from Stripe's webhooks).
      await expect
        .poll(async () => {
          const stripe = await fakeStripeState(page.request);
          return stripe.intents.filter((intent) => intent.metadata.heroId === heroId).map((i) => i.status);
        })
        .toEqual(['canceled']);

      // Each Pay asks for the payment: the cancelled one is not handed out again, so the next card pays
      // a new one without the user having to do anything about it.
      await expect(pay).toBeEnabled();
      await fillStripeCard(page, '4242 4242 4242 4242');
      await pay.click();
      await expect(page).toHaveURL(new RegExp(`/hero/${heroId}`), { timeout: 20_000 });
      await expect.poll(() => heroPaymentStatus(page, account, heroId)).toBe('paid');
      const stripe = await fakeStripeState(page.request);
      expect(
        stripe.intents.filter((intent) => intent.metadata.heroId === heroId).map((i) => i.status),
      ).toEqual(['canceled', 'succeeded']);
    });
  });

  test.describe('when Stripe cannot be set up', () => {
    // One pattern: an option given two would be read as a fixture tuple.
    test.use({ expectedConsoleErrors: [/net::ERR_|Failed to load resource/] });

    test('Stripe.js unreachable → the init message; no publishable key → processor not available', async ({
      page,
    }) => {
      await blockStripeJs(page);
      const account = await signUp(page, 'stripe-init');
      const heroId = await createHero(page, account, 'Wren Hollowmere', '1999-09-30');

      await page.goto(`/checkout/${heroId}`);
      await expect(page.getByRole('alert').filter({ hasText: INIT_FAILED })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Upgrade to Premium' })).toHaveCount(0);

      // A server configured for Stripe without a publishable key: no form that cannot pay.
      await page.route('**/api/payments/config', (route) =>
        route.fulfill({ json: { provider: 'stripe', publishableKey: null, currency: 'usd' } }),
      );
      await page.goto(`/checkout/${heroId}`);
      await expect(page.getByRole('alert').filter({ hasText: NOT_AVAILABLE })).toBeVisible();
      await expect(page.locator('iframe[title="Secure payment input frame"]')).toHaveCount(0);
    });
  });
});
