import 'reflect-metadata';
import type { MessageBus } from '@starborn/messaging';
import { ConfigError, loadConfig } from '@starborn/runtime';
import { startFakeStripeApi, type FakeStripeApi } from '@starborn/testing';
import { jest } from '@jest/globals';
import type pg from 'pg';
import Stripe from 'stripe';
import { errorOf, PaymentsHarness, stripeEnv } from './__tests__/harness.js';
import { paymentsEnvSchema } from './config.js';

const WEBHOOK_SECRET = 'whsec_test_secret';
const payments = new PaymentsHarness('payments-stripe');
let bus: MessageBus;
let db: pg.Client;

let stripe: FakeStripeApi;
/** The fake's own intent: the tests move it on as Stripe would. */
const stripeIntent = (id: string) => stripe.state().intents.find((intent) => intent.id === id)!;

const alice = '33333333-3333-4333-8333-333333333333';
const heroId = '0123456789abcdef0123456789abcdef';

beforeAll(async () => {
  stripe = await startFakeStripeApi({ secretKey: 'sk_test_fake' });
  ({ bus, db } = await payments.start(
    stripeEnv({ secretKey: 'sk_test_fake', webhookSecret: WEBHOOK_SECRET, port: stripe.port }),
  ));
});

afterAll(async () => {
  await payments.stop();
  await stripe?.close();
});

let emitSpy: ReturnType<typeof jest.spyOn>;
beforeEach(() => {
  emitSpy = jest.spyOn(payments.serviceBus, 'emitEvent');
});
afterEach(() => emitSpy.mockRestore());

const signed = (payload: object, secret = WEBHOOK_SECRET) => {
  const body = JSON.stringify(payload);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
  return { rawBodyBase64: Buffer.from(body).toString('base64'), signature };
};

const succeededEvent = (eventId: string, intent: { id: string; amount: number }) => ({
  id: eventId,
  object: 'event',
  type: 'payment_intent.succeeded',
  api_version: '2025-01-01',
  created: Math.floor(Date.now() / 1000),
  data: {
    object: {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amount,
      currency: 'usd',
      status: 'succeeded',
    },
  },
});

/** Alice's premium upgrade of a hero whose story is not premium. */
const upgradeIntent = (hero: string) =>
  bus.request('payments.create-intent', {
    userId: alice,
    heroId: hero,
    paymentType: 'premium_upgrade',
    premiumStory: false,
  });
const webhook = (event: ReturnType<typeof signed>) => bus.request('payments.stripe-webhook', event);
const APPLIED = { received: true, applied: true };
const NOT_APPLIED = { received: true, applied: false };

describe('configuration', () => {
  it('refuses PAYMENTS_PROVIDER=stripe without its keys, with a clear message', () => {
    expect(() => loadConfig(paymentsEnvSchema, { PAYMENTS_PROVIDER: 'stripe' })).toThrow(ConfigError);
    expect(() => loadConfig(paymentsEnvSchema, { PAYMENTS_PROVIDER: 'stripe' })).toThrow(
      'STRIPE_SECRET_KEY is required when PAYMENTS_PROVIDER=stripe',
    );
    expect(loadConfig(paymentsEnvSchema, {}).PAYMENTS_PROVIDER).toBe('local');
  });
});

describe('stripe payments', () => {
  it('creates a PaymentIntent with the table price, metadata, automatic payment methods, receipt email and an idempotency key', async () => {
    const intent = await bus.request('payments.create-intent', {
      userId: alice,
      heroId,
      paymentType: 'chapters',
      premiumStory: true,
      email: 'alice@example.com',
      amount: 1,
    } as never);
    expect(intent).toMatchObject({ provider: 'stripe', amount: 399, status: 'requires_payment_method' });
    expect(intent.clientSecret).toBe(stripeIntent(intent.id).client_secret);

    const create = stripe.requests.find((r) => r.method === 'POST')!;
    expect(create.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(create.headers['idempotency-key']).toBe(`intent:${alice}:${heroId}:chapters:1`);
    expect(Object.fromEntries(create.form)).toEqual({
      amount: '399',
      currency: 'usd',
      'metadata[heroId]': heroId,
      'metadata[userId]': alice,
      'metadata[paymentType]': 'chapters',
      'automatic_payment_methods[enabled]': 'true',
      receipt_email: 'alice@example.com',
    });
  });

  it('applies a signed payment_intent.succeeded once; a replay is a no-op; find-succeeded asks Stripe again', async () => {
    const intent = await upgradeIntent(heroId);
    const query = { userId: alice, heroId, paymentType: 'premium_upgrade' as const };
    await expect(bus.request('payments.find-succeeded', query)).resolves.toBeNull();

    stripeIntent(intent.id).status = 'succeeded';
    const event = signed(succeededEvent('evt_1', intent));
    await expect(webhook(event)).resolves.toEqual(APPLIED);
    await expect(webhook(event)).resolves.toEqual(NOT_APPLIED);
    // Another event for the same intent (Stripe may send one twice under new ids): the status update is conditional.
    await expect(webhook(signed(succeededEvent('evt_2', intent)))).resolves.toEqual(NOT_APPLIED);

    expect(emitSpy).toHaveBeenCalledTimes(1);
    expect(emitSpy).toHaveBeenCalledWith(
      'payment.succeeded',
      expect.objectContaining({ paymentIntentId: intent.id, amount: 399, paymentType: 'premium_upgrade' }),
      { eventId: intent.id },
    );
    const { rows } = await db.query('SELECT id FROM payments.payment_events ORDER BY id');
    expect(rows).toEqual([{ id: 'evt_1' }, { id: 'evt_2' }]);

    const gets = () => stripe.requests.filter((r) => r.method === 'GET' && r.url.includes(intent.id)).length;
    const before = gets();
    await expect(bus.request('payments.find-succeeded', query)).resolves.toMatchObject({
      id: intent.id,
      status: 'succeeded',
    });
    expect(gets()).toBe(before + 1);
  });

  it('treats an intent Stripe reports as succeeded before its webhook as paid (once)', async () => {
    const otherHero = 'f'.repeat(32);
    const intent = await upgradeIntent(otherHero);
    stripeIntent(intent.id).status = 'succeeded';
    const query = { userId: alice, heroId: otherHero, paymentType: 'premium_upgrade' as const };
    await expect(bus.request('payments.find-succeeded', query)).resolves.toMatchObject({
      status: 'succeeded',
    });
    await expect(webhook(signed(succeededEvent('evt_3', intent)))).resolves.toEqual(NOT_APPLIED);
    expect(emitSpy).toHaveBeenCalledTimes(1);
  });

  it('refuses a bad signature with 400', async () => {
    const intent = { id: 'pi_fake_whatever', amount: 399 };
    const forged = signed(succeededEvent('evt_forged', intent), 'whsec_wrong');
    expect(await errorOf(webhook(forged))).toMatchObject({
      status: 400,
      message: 'Invalid webhook signature.',
    });
    const good = signed(succeededEvent('evt_tampered', intent));
    const tampered = { ...good, rawBodyBase64: Buffer.from('{"id":"evt_x"}').toString('base64') };
    expect(await errorOf(webhook(tampered))).toMatchObject({ status: 400 });
    const { rows } = await db.query(
      `SELECT id FROM payments.payment_events WHERE id IN ('evt_forged', 'evt_tampered')`,
    );
    expect(rows).toEqual([]);
  });
});
