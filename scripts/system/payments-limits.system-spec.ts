/**
 * System proof: payments are charged once and card testing stops, with the whole stack as real
 * processes and requests spread over both gateway instances (limits are counted in Redis, so a second
 * instance does not give a second allowance).
 *
 *  1. Two tabs starting the premium upgrade at once, on different gateways, get one intent.
 *  2. A premium hero is not charged again: a second premium intent (one opened before the hero was
 *     paid, put in the database as such) is refused at confirmation with 409, nothing emitted twice;
 *     a new premium payment is refused too.
 *  3. Three declined cards cancel an intent: the next confirmation answers 409, a new payment works.
 *  4. Starting new payments in a flood answers 429 with Retry-After on both gateways, and so do
 *     confirmations once a user's declined cards reach their limit. Only new payments count: asking
 *     again while one is open (reloads, tabs, a second Pay) hands that one out and spends nothing.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Api, eventually } from './client.js';
import { startSystem, type System } from './harness.js';
import { DECLINED_CARD, GOOD_CARD, newHeroId, register, type Account } from './world.js';

const INTENTS_PER_WINDOW = 4;
const DECLINES_PER_WINDOW = 5;

let system: System;
let api: Api;
let db: pg.Client;

beforeAll(async () => {
  system = await startSystem({
    label: 'syspaylimits',
    env: {
      RATE_LIMIT_PAYMENT_INTENTS: String(INTENTS_PER_WINDOW),
      RATE_LIMIT_PAYMENT_DECLINES: String(DECLINES_PER_WINDOW),
    },
  });
  api = new Api(system.gatewayUrls);
  db = new pg.Client({ connectionString: system.databaseUrl });
  await db.connect();
}, 180_000);

afterAll(async () => {
  await db?.end().catch(() => undefined);
  await system?.stop();
}, 60_000);

/** An account with a hero of its own (created; the payment rules do not need it generated). */
async function owner(label: string): Promise<Account & { heroId: string }> {
  const account = await register(api, label);
  const heroId = newHeroId();
  const created = await api.post('/api/heroes', account.token, {
    heroName: 'Limit Keeper',
    birthdate: '1990-07-25',
    heroId,
  });
  expect(created.status).toBe(201);
  return { ...account, heroId };
}

const startPremium = (who: { token: string; heroId: string }, gateway: number) =>
  api.call({
    method: 'POST',
    path: '/api/create-payment-intent',
    token: who.token,
    body: { heroId: who.heroId, paymentType: 'premium_upgrade', amount: 1, is_test: true },
    gateway,
  });
const confirm = (who: { token: string }, clientSecret: string, card: object, gateway: number) =>
  api.call({
    method: 'POST',
    path: '/api/payments/local/confirm',
    token: who.token,
    body: { clientSecret, card },
    gateway,
  });

const CANCELLED =
  'This payment was cancelled after too many declined cards. Please start a new payment to try again.';

describe('premium is charged once per hero', () => {
  it('two tabs on two gateways get one intent; a second premium confirmation and a new premium payment are refused (409)', async () => {
    const alice = await owner('twotabs');
    const [tab1, tab2] = await Promise.all([startPremium(alice, 0), startPremium(alice, 1)]);
    expect([tab1.status, tab2.status]).toEqual([200, 200]);
    expect(tab2.json.paymentIntentId).toBe(tab1.json.paymentIntentId);
    expect(tab2.json.clientSecret).toBe(tab1.json.clientSecret);

    // An intent opened for the hero before it was paid and before intents were reused.
    const stale = `pi_local_${randomBytes(12).toString('hex')}`;
    await db.query(
      `INSERT INTO payments.payment_intents
         (id, provider, client_secret, user_id, hero_id, payment_type, amount, currency, status)
       VALUES ($1, 'local', $2, $3, $4, 'premium_upgrade', 399, 'usd', 'requires_payment_method')`,
      [stale, `${stale}_secret_stale`, alice.userId, alice.heroId],
    );

    const paid = await confirm(alice, tab1.json.clientSecret, GOOD_CARD, 0);
    expect(paid.json.status).toBe('succeeded');
    // The other tab pays the same intent: answered as paid, not charged again.
    expect((await confirm(alice, tab2.json.clientSecret, GOOD_CARD, 1)).json.status).toBe('succeeded');

    const second = await confirm(alice, `${stale}_secret_stale`, GOOD_CARD, 1);
    expect(second.status).toBe(409);
    expect(second.json.message).toBe('This hero is already premium.');
    const again = await startPremium(alice, 0);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('This hero is already premium.');

    const { rows } = await db.query(
      `SELECT status, count(*)::int AS n FROM payments.payment_intents WHERE hero_id = $1 GROUP BY status ORDER BY status`,
      [alice.heroId],
    );
    expect(rows).toEqual([
      { status: 'canceled', n: 1 },
      { status: 'succeeded', n: 1 },
    ]);
    await eventually(
      async () => (await api.get(`/api/heroes/${alice.heroId}`, alice.token)).json?.paymentStatus === 'paid',
      20_000,
      'hero premium after its one payment',
    );
  });
});

describe('declined cards', () => {
  it('cancel the intent at the third decline (409 afterwards), then answer 429 per user on both gateways', async () => {
    const bob = await owner('declines');
    const intent = (await startPremium(bob, 0)).json;
    expect((await confirm(bob, intent.clientSecret, DECLINED_CARD, 0)).json.message).toBe(
      'Your card was declined.',
    );
    expect((await confirm(bob, intent.clientSecret, DECLINED_CARD, 1)).status).toBe(402);
    const third = await confirm(bob, intent.clientSecret, DECLINED_CARD, 0);
    expect(third.status).toBe(402);
    expect(third.json.message).toBe(`Your card was declined. ${CANCELLED}`);
    const closed = await confirm(bob, intent.clientSecret, GOOD_CARD, 1);
    expect(closed.status).toBe(409);
    expect(closed.json.message).toBe(CANCELLED);

    // Starting again works, until the user's declines (5 here) reach their limit.
    const fresh = (await startPremium(bob, 1)).json;
    expect(fresh.paymentIntentId).not.toBe(intent.paymentIntentId);
    expect((await confirm(bob, fresh.clientSecret, DECLINED_CARD, 1)).status).toBe(402);
    expect((await confirm(bob, fresh.clientSecret, DECLINED_CARD, 0)).status).toBe(402);
    for (const gateway of [0, 1]) {
      const limited = await confirm(bob, fresh.clientSecret, GOOD_CARD, gateway);
      expect(limited.status).toBe(429);
      expect(limited.json.message).toMatch(
        /^Too many of your cards were declined for now\. Please wait \d+ minutes? and try again\.$/,
      );
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect((await api.get(`/api/heroes/${bob.heroId}`, bob.token)).json.paymentStatus).toBe('unpaid');
  });
});

describe('a flood of payments started', () => {
  it('answers 429 with Retry-After past the limit of new payments, whichever gateway is asked', async () => {
    const carol = await owner('flood');
    // Asked again and again while it is open: the same payment, nothing spent.
    const open = (await startPremium(carol, 0)).json;
    for (let n = 0; n < INTENTS_PER_WINDOW * 2; n++) {
      const again = await startPremium(carol, n % 2);
      expect(again.status).toBe(200);
      expect(again.json.paymentIntentId).toBe(open.paymentIntentId);
    }
    // New payments spend it: each opened after the open one was closed (as three declined cards would).
    const closeOpen = () =>
      db.query(
        `UPDATE payments.payment_intents SET status = 'canceled' WHERE hero_id = $1 AND status = 'requires_payment_method'`,
        [carol.heroId],
      );
    for (let n = 1; n < INTENTS_PER_WINDOW; n++) {
      await closeOpen();
      expect((await startPremium(carol, n % 2)).status).toBe(200);
    }
    await closeOpen();
    for (const gateway of [0, 1]) {
      const refused = await startPremium(carol, gateway);
      expect(refused.status).toBe(429);
      expect(refused.json.message).toMatch(
        /^You have started too many payments for now\. Please wait \d+ minutes? and try again\.$/,
      );
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
    }
    // Another user is not affected.
    const dave = await owner('flood-other');
    expect((await startPremium(dave, 1)).status).toBe(200);
  });
});
