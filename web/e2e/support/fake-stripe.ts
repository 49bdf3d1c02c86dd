/**
 * Stripe without the internet, for the `stripe` project's browser tests: Playwright routes serve a
 * fake Stripe.js and its Payment Element frame for https://js.stripe.com, and pass the browser's calls
 * to https://api.stripe.com on to the fake Stripe API the stripe-mode server runs on loopback
 * (libs/testing/src/fake-stripe.ts), which also sends the signed webhooks.
 */
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
// Types only: the fake API itself runs in the e2e server, not in the browser tests.
import type { FakeStripeState } from '@starborn/testing';

const STRIPE_JS = readFileSync(new URL('./fake-stripe/stripe.js', import.meta.url), 'utf8');
const FRAME_HTML = readFileSync(new URL('./fake-stripe/payment-frame.html', import.meta.url), 'utf8');
const FRAME_PATH = '/v3/elements-inner-payment-fake.html';

/** The fake Stripe API (the stripe project's webServer starts it on this port). */
export const FAKE_STRIPE_API = `http://127.0.0.1:${process.env.E2E_STRIPE_API_PORT ?? '4312'}`;

export interface FakeStripeOptions {
  /** The Payment Element's frame is served once this settles (to see the form before it is ready). */
  frameGate?: Promise<unknown>;
}

/** Serves the fake Stripe.js and forwards Stripe API calls of this page to the fake Stripe API. */
export async function useFakeStripe(page: Page, options: FakeStripeOptions = {}): Promise<void> {
  await page.route('https://js.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    // @stripe/stripe-js loads https://js.stripe.com/<release train>/stripe.js (or /v3).
    const script = /^\/([a-z0-9]+)\/stripe\.js$|^\/(v3)\/?$/.exec(url.pathname);
    if (script) {
      const train = script[1] ?? script[2] ?? 'v3';
      return route.fulfill({
        contentType: 'application/javascript; charset=utf-8',
        body: STRIPE_JS.replace('__RELEASE_TRAIN__', train === 'v3' ? '3' : train),
      });
    }
    if (url.pathname === FRAME_PATH) {
      await options.frameGate;
      return route.fulfill({ contentType: 'text/html; charset=utf-8', body: FRAME_HTML });
    }
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
  });
  await page.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${FAKE_STRIPE_API}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
}

/** Stripe.js cannot be loaded (blocked network, Stripe down). */
export async function blockStripeJs(page: Page): Promise<void> {
  await page.route('https://js.stripe.com/**', (route) => route.abort('connectionfailed'));
}

/** What the fake Stripe API holds: the PaymentIntents, refunds and webhook deliveries. */
export async function fakeStripeState(request: APIRequestContext): Promise<FakeStripeState> {
  const response = await request.get(`${FAKE_STRIPE_API}/__fake/state`);
  return (await response.json()) as FakeStripeState;
}
