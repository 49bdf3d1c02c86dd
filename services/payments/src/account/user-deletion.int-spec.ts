/**
 * user.deleted in payments, on real PostgreSQL and Redis and the fake Stripe API: an event emitted
 * while payments is not running is handled once it starts. The user's open intent is cancelled at
 * Stripe and here, every record is kept with nothing naming the user, and nothing of anyone else
 * changes; handling it again changes nothing.
 */
import { DELETED_HERO_ID, DELETED_USER_ID } from '@starborn/contracts';
import { startFakeStripeApi, userDeletedWhileStopped, type FakeStripeApi } from '@starborn/testing';
import { PaymentsHarness, stripeEnv } from '../__tests__/harness.js';
import { UserDeletionService } from './user-deletion.service.js';

const payments = new PaymentsHarness('payments-deletion');
const alice = crypto.randomUUID();
const bob = crypto.randomUUID();
const heroOf = () => crypto.randomUUID().replaceAll('-', '');
let stripe: FakeStripeApi;
const intents: Record<'alicePaid' | 'aliceOpen' | 'bobOpen', string> = {
  alicePaid: '',
  aliceOpen: '',
  bobOpen: '',
};

const openIntent = async (userId: string, email: string) =>
  (
    await payments.bus.request('payments.create-intent', {
      userId,
      heroId: heroOf(),
      paymentType: 'premium_upgrade',
      premiumStory: false,
      email,
    })
  ).id;

const row = async (id: string) =>
  (
    await payments.db.query(
      'SELECT user_id, hero_id, status, receipt_email FROM payments.payment_intents WHERE id = $1',
      [id],
    )
  ).rows[0];
const rowsOf = async (userId: string) =>
  (
    await payments.db.query('SELECT count(*)::int AS n FROM payments.payment_intents WHERE user_id = $1', [
      userId,
    ])
  ).rows[0].n;
const atStripe = (id: string) => stripe.state().intents.find((intent) => intent.id === id)?.status;

beforeAll(async () => {
  stripe = await startFakeStripeApi({ secretKey: 'sk_test_fake' });
  await payments.start(
    stripeEnv({ secretKey: 'sk_test_fake', webhookSecret: 'whsec_test', port: stripe.port }),
    10_000,
  );
  intents.alicePaid = await openIntent(alice, 'alice@example.com');
  intents.aliceOpen = await openIntent(alice, 'alice@example.com');
  intents.bobOpen = await openIntent(bob, 'bob@example.com');
  // Alice paid for one hero before: a record accounting keeps.
  await payments.db.query(
    `UPDATE payments.payment_intents SET status = 'succeeded', succeeded_at = now() WHERE id = $1`,
    [intents.alicePaid],
  );
  await payments.stopService();
}, 60_000);

afterAll(async () => {
  await payments.stop();
  await stripe?.close();
});

test('a deletion emitted while payments is down is handled once it starts', async () => {
  await userDeletedWhileStopped({
    bus: payments.bus,
    userId: alice,
    whileStopped: async () => expect(await rowsOf(alice)).toBe(2),
    start: () => payments.startService(),
    handled: async () => (await rowsOf(alice)) === 0,
  });
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
  const deletion = payments.app.get(UserDeletionService);
  await deletion.deleteUserData({ userId: alice });
  await deletion.deleteUserData({ userId: 'nobody' });
  expect(await rowsOf(bob)).toBe(1);
  expect((await payments.db.query('SELECT count(*)::int AS n FROM payments.payment_intents')).rows[0].n).toBe(
    3,
  );
  expect(atStripe(intents.bobOpen)).toBe('requires_payment_method');
});
