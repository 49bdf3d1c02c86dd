import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import type { PaymentIntentDto } from '@starborn/contracts';
import type { MessageBus, RemoteError } from '@starborn/messaging';
import { jest } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeStripeApi } from '@starborn/testing';
import { PaymentsHarness, stripeEnv } from './__tests__/harness.js';
import { FulfilmentService } from './intents/fulfilment.service.js';

/**
 * The Stripe provider against the repository's fake Stripe API (the one the browser tests use): the
 * fake confirms cards as Stripe's test cards behave and delivers signed webhooks, here to a small
 * HTTP endpoint that hands them to the payments service as the gateway does.
 */
interface FakeStripeState {
  intents: {
    id: string;
    status: string;
    amount: number;
    amount_refunded: number;
    cancellation_reason: string | null;
  }[];
  refunds: { id: string; payment_intent: string; amount: number; metadata: Record<string, string> }[];
  deliveries: { type: string; intentId: string; status: number }[];
}

const SECRET_KEY = 'sk_test_refunds';
const PUBLISHABLE_KEY = 'pk_test_refunds';
const WEBHOOK_SECRET = 'whsec_refunds';
const payments = new PaymentsHarness('payments-refunds');
let app: INestMicroservice;
let bus: MessageBus;
let webhooks: Server;
let stripe: { port: number; close(): Promise<void> };

const alice = '44444444-4444-4444-8444-444444444444';
const bob = '55555555-5555-4555-8555-555555555555';

beforeAll(async () => {
  webhooks = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      bus
        .request('payments.stripe-webhook', {
          rawBodyBase64: Buffer.concat(chunks).toString('base64'),
          signature: String(req.headers['stripe-signature'] ?? ''),
        })
        .then(
          (answer) => res.writeHead(200).end(JSON.stringify(answer)),
          (error: RemoteError) => res.writeHead(error.status ?? 500).end(error.message),
        );
    });
  });
  await new Promise<void>((resolve) => webhooks.listen(0, '127.0.0.1', resolve));
  stripe = await startFakeStripeApi({
    secretKey: SECRET_KEY,
    publishableKey: PUBLISHABLE_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: `http://127.0.0.1:${(webhooks.address() as AddressInfo).port}/`,
  });
  ({ app, bus } = await payments.start(
    stripeEnv({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, port: stripe.port }),
    10_000,
  ));
});

afterAll(async () => {
  await payments.stop();
  await stripe?.close();
  webhooks?.closeAllConnections();
  await new Promise((resolve) => webhooks?.close(resolve));
});

// Typed by the spied method, so the recorded calls keep its parameter types.
const spyOnEvents = () => jest.spyOn(payments.serviceBus, 'emitEvent');
let emitSpy: ReturnType<typeof spyOnEvents>;
beforeEach(() => {
  emitSpy = spyOnEvents();
});
afterEach(() => emitSpy.mockRestore());

const createIntent = (userId: string, heroId: string, overrides: object = {}) =>
  bus.request('payments.create-intent', {
    userId,
    heroId,
    paymentType: 'premium_upgrade',
    premiumStory: false,
    ...overrides,
  });

/** What Stripe.js does in the browser: confirm with the publishable key and the client secret. */
async function payAtStripe(intent: PaymentIntentDto, number = '4242424242424242') {
  const form = new URLSearchParams({
    key: PUBLISHABLE_KEY,
    client_secret: intent.clientSecret,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': number,
    'payment_method_data[card][exp_month]': '12',
    'payment_method_data[card][exp_year]': '2099',
    'payment_method_data[card][cvc]': '123',
  });
  const response = await fetch(`http://127.0.0.1:${stripe.port}/v1/payment_intents/${intent.id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const fakeState = async () =>
  (await (await fetch(`http://127.0.0.1:${stripe.port}/__fake/state`)).json()) as FakeStripeState;
const row = (id: string) => payments.row(id);

describe('a second success for a hero that is premium already', () => {
  it('is refunded through the Stripe API, recorded, and not fulfilled twice', async () => {
    const hero = 'a1'.repeat(16);
    const first = await createIntent(alice, hero);
    // Opened before the first was paid (under another account id, or before intents were reused).
    const second = await createIntent(bob, hero);
    expect(second.id).not.toBe(first.id);

    expect((await payAtStripe(first)).status).toBe(200);
    expect((await payAtStripe(second)).status).toBe(200); // Stripe took the money a second time

    expect(await row(first.id)).toMatchObject({ status: 'succeeded', refund_id: null });
    const refunded = await row(second.id);
    expect(refunded).toMatchObject({
      status: 'refunded',
      refund_reason: 'already_premium',
      succeeded_at: null,
    });
    expect(refunded.refunded_at).toBeInstanceOf(Date);

    const state = await fakeState();
    expect(state.refunds).toEqual([
      expect.objectContaining({
        id: refunded.refund_id,
        payment_intent: second.id,
        amount: 399,
        metadata: { reason: 'already_premium' },
      }),
    ]);
    expect(state.intents.find((i) => i.id === second.id)?.amount_refunded).toBe(399);
    expect(emitSpy.mock.calls.filter(([name]) => name === 'payment.succeeded')).toEqual([
      ['payment.succeeded', expect.objectContaining({ paymentIntentId: first.id }), { eventId: first.id }],
    ]);
    // Nobody finds the refunded payment as a premium payment of bob's.
    await expect(
      bus.request('payments.find-succeeded', { userId: bob, heroId: hero, paymentType: 'premium_upgrade' }),
    ).resolves.toBeNull();
  });

  it('asks again for a refund Stripe did not take the first time, with the same idempotency key', async () => {
    const hero = 'b2'.repeat(16);
    const first = await createIntent(alice, hero);
    const second = await createIntent(bob, hero);
    await payAtStripe(first);
    const fulfilment = app.get(FulfilmentService);
    const original = fulfilment.refund.bind(fulfilment);
    const spy = jest.spyOn(fulfilment, 'refund').mockImplementationOnce(async () => false);
    await payAtStripe(second);
    expect(await row(second.id)).toMatchObject({ status: 'refunded', refunded_at: null });
    spy.mockImplementation(original);

    await fulfilment.emitPending();
    await fulfilment.emitPending();
    spy.mockRestore();
    expect((await row(second.id)).refunded_at).toBeInstanceOf(Date);
    expect((await fakeState()).refunds.filter((r) => r.payment_intent === second.id)).toHaveLength(1);
  });
});

describe('a chapter pack paid at a price that is no longer the story’s', () => {
  it('is refunded automatically and never emitted as a pack', async () => {
    const hero = 'c3'.repeat(16);
    const pack = await createIntent(alice, hero, { paymentType: 'chapters', premiumStory: false });
    expect(pack.amount).toBe(199);
    await payAtStripe(await createIntent(alice, hero));
    emitSpy.mockClear();

    expect((await payAtStripe(pack)).status).toBe(200);
    expect(await row(pack.id)).toMatchObject({ status: 'refunded', refund_reason: 'price_changed' });
    expect((await fakeState()).refunds.filter((r) => r.payment_intent === pack.id)).toEqual([
      expect.objectContaining({ amount: 199, metadata: { reason: 'price_changed' } }),
    ]);
    expect(emitSpy).not.toHaveBeenCalled();
    await expect(
      bus.request('payments.list-succeeded', { userId: alice, heroId: hero, paymentType: 'chapters' }),
    ).resolves.toEqual([]);
  });
});

describe('declined cards at Stripe', () => {
  it('cancel the intent at Stripe at the third decline', async () => {
    const intent = await createIntent(alice, 'd4'.repeat(16));
    for (const number of ['4000000000000002', '4000000000009995', '4000000000000002'])
      expect((await payAtStripe(intent, number)).status).toBe(402);
    expect(await row(intent.id)).toMatchObject({ status: 'canceled', declines: 3 });
    const atStripe = (await fakeState()).intents.find((i) => i.id === intent.id);
    expect(atStripe).toMatchObject({ status: 'canceled', cancellation_reason: 'fraudulent' });
    expect((await payAtStripe(intent)).status).toBe(400);
    expect(emitSpy).not.toHaveBeenCalled();
  });
});
