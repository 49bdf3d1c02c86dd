/** payments.export-user on the real PostgreSQL: every payment the user started, without its secrets. */
import 'reflect-metadata';
import type { MessageBus } from '@starborn/messaging';
import { errorOf, PaymentsHarness } from '../__tests__/harness.js';

const payments = new PaymentsHarness('payments-export');
let bus: MessageBus;

const alice = '11111111-1111-4111-8111-111111111111';
const bob = '22222222-2222-4222-8222-222222222222';
const CARD = '4242 4242 4242 4242';

beforeAll(async () => {
  ({ bus } = await payments.start());
});

afterAll(() => payments.stop());

const intentFor = (userId: string, heroId: string, paymentType: 'premium_upgrade' | 'chapters') =>
  bus.request('payments.create-intent', {
    userId,
    heroId,
    paymentType,
    premiumStory: false,
    email: 'alice@example.com',
  });

describe('payments.export-user', () => {
  it('lists the user’s payments, paid or not, oldest first: amounts, dates and status, no secret', async () => {
    const paid = await intentFor(alice, 'a'.repeat(32), 'premium_upgrade');
    await bus.request('payments.confirm-local', {
      userId: alice,
      clientSecret: paid.clientSecret,
      card: { number: CARD, expMonth: 12, expYear: 2099, cvc: '123' },
    });
    const open = await intentFor(alice, 'b'.repeat(32), 'chapters');
    const theirs = await intentFor(bob, 'c'.repeat(32), 'premium_upgrade');

    const { payments: exported } = await bus.request('payments.export-user', { userId: alice });
    expect(exported).toEqual([
      {
        id: paid.id,
        heroId: 'a'.repeat(32),
        paymentType: 'premium_upgrade',
        amount: 399,
        currency: 'usd',
        status: 'succeeded',
        receiptEmail: 'alice@example.com',
        walletAddress: null,
        createdAt: expect.any(String),
        succeededAt: expect.any(String),
        refundedAt: null,
        refundReason: null,
      },
      expect.objectContaining({
        id: open.id,
        paymentType: 'chapters',
        amount: 199,
        status: 'requires_payment_method',
        succeededAt: null,
      }),
    ]);
    const text = JSON.stringify(exported);
    for (const secret of [paid.clientSecret, open.clientSecret, theirs.id, CARD.replaceAll(' ', ''), '4242 '])
      expect(text).not.toContain(secret);
  });

  it('gives a user without payments an empty list, and refuses a malformed user id', async () => {
    expect(
      await bus.request('payments.export-user', { userId: '33333333-3333-4333-8333-333333333333' }),
    ).toEqual({ payments: [] });
    expect(await errorOf(bus.request('payments.export-user', { userId: 'nobody' }))).toMatchObject({
      status: 400,
    });
  });
});
