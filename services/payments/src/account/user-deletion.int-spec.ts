/**
 * user.deleted in payments, on real PostgreSQL and Redis and the fake Stripe API: an event emitted
 * while payments is not running is handled once it starts. The user's open intent is cancelled at
 * Stripe and here, every record is kept with nothing naming the user, and nothing of anyone else
 * changes; handling it again changes nothing.
 */
import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import { DELETED_HERO_ID, DELETED_USER_ID } from '@starborn/contracts';
import { MessageBus } from '@starborn/messaging';
import { createServiceApp } from '@starborn/runtime';
import {
  deleteRedisPrefix,
  eventually,
  startFakeStripeApi,
  testDatabase,
  testRedisPrefix,
  TEST_REDIS_URL,
  type FakeStripeApi,
} from '@starborn/testing';
import pg from 'pg';
import { stripeEnv } from '../__tests__/harness.js';
import { PaymentsModule } from '../payments.module.js';
import { UserDeletionService } from './user-deletion.service.js';

const database = testDatabase('payments_deletion');
const prefix = testRedisPrefix('payments-deletion');
const alice = crypto.randomUUID();
const bob = crypto.randomUUID();
const heroOf = () => crypto.randomUUID().replaceAll('-', '');
let stripe: FakeStripeApi;
let env: Record<string, string>;
let app: INestMicroservice | undefined;
let bus: MessageBus;
let db: pg.Client;
const intents: Record<'alicePaid' | 'aliceOpen' | 'bobOpen', string> = {
  alicePaid: '',
  aliceOpen: '',
  bobOpen: '',
};

async function startPayments() {
  ({ app } = await createServiceApp({ service: 'payments', module: PaymentsModule, env }));
  await app.listen();
}

const openIntent = async (userId: string, email: string) =>
  (
    await bus.request('payments.create-intent', {
      userId,
      heroId: heroOf(),
      paymentType: 'premium_upgrade',
      premiumStory: false,
      email,
    })
  ).id;

const row = async (id: string) =>
  (
    await db.query(
      'SELECT user_id, hero_id, status, receipt_email FROM payments.payment_intents WHERE id = $1',
      [id],
    )
  ).rows[0];
const rowsOf = async (userId: string) =>
  (await db.query('SELECT count(*)::int AS n FROM payments.payment_intents WHERE user_id = $1', [userId]))
    .rows[0].n;
const atStripe = (id: string) => stripe.state().intents.find((intent) => intent.id === id)?.status;

beforeAll(async () => {
  stripe = await startFakeStripeApi({ secretKey: 'sk_test_fake' });
  env = {
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'silent',
    ...stripeEnv({ secretKey: 'sk_test_fake', webhookSecret: 'whsec_test', port: stripe.port }),
  };
  await startPayments();
  bus = new MessageBus({ url: TEST_REDIS_URL, prefix, timeoutMs: 10_000 });
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
  intents.alicePaid = await openIntent(alice, 'alice@example.com');
  intents.aliceOpen = await openIntent(alice, 'alice@example.com');
  intents.bobOpen = await openIntent(bob, 'bob@example.com');
  // Alice paid for one hero before: a record accounting keeps.
  await db.query(
    `UPDATE payments.payment_intents SET status = 'succeeded', succeeded_at = now() WHERE id = $1`,
    [intents.alicePaid],
  );
  await app!.close();
  app = undefined;
}, 60_000);

afterAll(async () => {
  await bus?.close();
  await app?.close();
  await db?.end();
  await stripe?.close();
  await database.drop();
  await deleteRedisPrefix(prefix);
});

test('a deletion emitted while payments is down is handled once it starts', async () => {
  await bus.emitEvent('user.deleted', { userId: alice }, { eventId: alice });
  expect(await rowsOf(alice)).toBe(2);
  await startPayments();

  await eventually(async () => (await rowsOf(alice)) === 0);
  // The open intent can no longer be charged: cancelled at Stripe first, then here.
  expect(atStripe(intents.aliceOpen)).toBe('canceled');
  expect(await row(intents.aliceOpen)).toEqual({
    user_id: DELETED_USER_ID,
    hero_id: DELETED_HERO_ID,
    status: 'canceled',
    receipt_email: null,
  });
  // The payment is kept for accounting, anonymised.
  expect(await row(intents.alicePaid)).toEqual({
    user_id: DELETED_USER_ID,
    hero_id: DELETED_HERO_ID,
    status: 'succeeded',
    receipt_email: null,
  });
  // Bob's payment goes on.
  expect(await row(intents.bobOpen)).toMatchObject({
    user_id: bob,
    status: 'requires_payment_method',
    receipt_email: 'bob@example.com',
  });
  expect(atStripe(intents.bobOpen)).toBe('requires_payment_method');
}, 30_000);

test('a redelivered deletion changes nothing, and a malformed one is ignored', async () => {
  const deletion = app!.get(UserDeletionService);
  await deletion.deleteUserData({ userId: alice });
  await deletion.deleteUserData({ userId: 'nobody' });
  expect(await rowsOf(bob)).toBe(1);
  expect((await db.query('SELECT count(*)::int AS n FROM payments.payment_intents')).rows[0].n).toBe(3);
  expect(atStripe(intents.bobOpen)).toBe('requires_payment_method');
});
