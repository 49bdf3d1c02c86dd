import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import type { PaymentIntentDto } from '@starborn/contracts';
import type { MessageBus, RemoteError } from '@starborn/messaging';
import { jest } from '@jest/globals';
import type pg from 'pg';
import { errorOf, PaymentsHarness } from './__tests__/harness.js';
import { FulfilmentService } from './intents/fulfilment.service.js';

const payments = new PaymentsHarness('payments');
let app: INestMicroservice;
let bus: MessageBus;
let db: pg.Client;

const alice = '11111111-1111-4111-8111-111111111111';
const bob = '22222222-2222-4222-8222-222222222222';
const heroId = 'a'.repeat(32);
const card = (number: string) => ({ number, expMonth: 12, expYear: 2099, cvc: '123' });

beforeAll(async () => {
  ({ app, bus, db } = await payments.start());
});

afterAll(() => payments.stop());

let emitSpy: ReturnType<typeof jest.spyOn>;
beforeEach(() => {
  emitSpy = jest.spyOn(payments.serviceBus, 'emitEvent');
});
afterEach(() => emitSpy.mockRestore());

const createIntent = (overrides: object = {}) =>
  bus.request('payments.create-intent', {
    userId: alice,
    heroId,
    paymentType: 'premium_upgrade',
    premiumStory: false,
    email: 'alice@example.com',
    ...overrides,
  });

const row = (id: string) => payments.row(id);

describe('prices', () => {
  it('quotes from the server table', async () => {
    await expect(
      bus.request('payments.quote', { paymentType: 'chapters', premiumStory: true }),
    ).resolves.toEqual({
      paymentType: 'chapters',
      amount: 399,
      currency: 'usd',
      label: '3 More Chapters – Premium Story',
    });
    expect(
      await errorOf(bus.request('payments.quote', { paymentType: 'gold' as never, premiumStory: false })),
    ).toMatchObject({ status: 400, message: 'The payment type must be premium_upgrade or chapters.' });
  });

  it('charges the table price whatever amount the client sends', async () => {
    const intent = await createIntent({ paymentType: 'chapters', amount: 1, premiumStory: false });
    expect(intent).toMatchObject({
      provider: 'local',
      amount: 199,
      currency: 'usd',
      paymentType: 'chapters',
      heroId,
      status: 'requires_payment_method',
    });
    expect(intent.id).toMatch(/^pi_local_[0-9a-f]+$/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_[0-9a-f]+$`));
    expect(await row(intent.id)).toMatchObject({
      amount: 199,
      user_id: alice,
      hero_id: heroId,
      receipt_email: 'alice@example.com',
      wallet_address: null,
      fulfilled_event_emitted: false,
    });
    expect((await createIntent({ amount: 5 })).amount).toBe(399);
    expect((await createIntent({ paymentType: 'chapters', premiumStory: true })).amount).toBe(399);
  });
});

describe('create-intent validation', () => {
  it('refuses a bad hero id, payment type and wallet address with clear messages', async () => {
    expect(await errorOf(createIntent({ heroId: 'xyz' }))).toMatchObject({
      status: 400,
      message: 'The hero id must be 32 lowercase hexadecimal characters.',
    });
    expect(await errorOf(createIntent({ paymentType: 'nft' }))).toMatchObject({
      status: 400,
      message: 'The payment type must be premium_upgrade or chapters.',
    });
    expect(await errorOf(createIntent({ walletAddress: '0x123' }))).toMatchObject({
      status: 400,
      message: 'Please enter a valid wallet address (0x followed by 40 hexadecimal characters).',
    });
    const wallet = `0x${'aB3'.repeat(13)}c`;
    const intent = await createIntent({ heroId: '9'.repeat(32), walletAddress: wallet, is_test: true });
    expect((await row(intent.id)).wallet_address).toBe(wallet);
    expect(intent.provider).toBe('local'); // is_test never switches modes
  });
});

describe('local payments', () => {
  const confirm = (intent: PaymentIntentDto, number: string, userId = alice) =>
    bus.request('payments.confirm-local', { userId, clientSecret: intent.clientSecret, card: card(number) });

  it('4242 succeeds and emits exactly one payment.succeeded keyed by the intent id, even when confirmed twice', async () => {
    const intent = await createIntent({ heroId: 'b'.repeat(32) });
    const paid = await confirm(intent, '4242 4242 4242 4242');
    expect(paid).toMatchObject({ id: intent.id, status: 'succeeded' });
    await expect(confirm(intent, '4242 4242 4242 4242')).resolves.toMatchObject({ status: 'succeeded' });

    expect(emitSpy).toHaveBeenCalledTimes(1);
    expect(emitSpy).toHaveBeenCalledWith(
      'payment.succeeded',
      {
        paymentIntentId: intent.id,
        userId: alice,
        heroId: 'b'.repeat(32),
        paymentType: 'premium_upgrade',
        amount: 399,
        currency: 'usd',
      },
      { eventId: intent.id },
    );
    expect(await row(intent.id)).toMatchObject({
      status: 'succeeded',
      fulfilled_event_emitted: true,
      succeeded_at: expect.any(Date),
    });
  });

  it('declined cards answer 402 with Stripe’s message and leave the intent unpaid', async () => {
    const intent = await createIntent({ heroId: 'c'.repeat(32) });
    expect(await errorOf(confirm(intent, '4000 0000 0000 0002'))).toMatchObject({
      status: 402,
      code: 'PAYMENT_REQUIRED',
      message: 'Your card was declined.',
    });
    expect(await errorOf(confirm(intent, '4000 0000 0000 9995'))).toMatchObject({
      message: 'Your card has insufficient funds.',
    });
    expect((await row(intent.id)).status).toBe('requires_payment_method');
    expect(emitSpy).not.toHaveBeenCalled();
  });

  it('cancels an intent at its third declined card; it cannot be paid afterwards, a new one can', async () => {
    const hero = '8'.repeat(32);
    const intent = await createIntent({ heroId: hero });
    await errorOf(confirm(intent, '4000 0000 0000 0002'));
    await errorOf(confirm(intent, '4000 0000 0000 9995'));
    expect(await errorOf(confirm(intent, '4242 4242 4242 4241'))).toMatchObject({
      status: 402,
      message:
        'Your card number is invalid. This payment was cancelled after too many declined cards. Please start a new payment to try again.',
    });
    expect(await row(intent.id)).toMatchObject({ status: 'canceled', declines: 3 });
    // Even a good card: refused before it is looked at.
    expect(await errorOf(confirm(intent, '4242 4242 4242 4242'))).toMatchObject({
      status: 409,
      message:
        'This payment was cancelled after too many declined cards. Please start a new payment to try again.',
    });
    expect((await row(intent.id)).status).toBe('canceled');

    const again = await createIntent({ heroId: hero });
    expect(again.id).not.toBe(intent.id);
    await expect(confirm(again, '4242 4242 4242 4242')).resolves.toMatchObject({ status: 'succeeded' });
  });

  it('hands a second tab the open premium intent instead of a new one (also when both ask at once)', async () => {
    const hero = '7'.repeat(32);
    const [a, b] = await Promise.all([createIntent({ heroId: hero }), createIntent({ heroId: hero })]);
    const c = await createIntent({ heroId: hero });
    // One of the two opened it; the other and the third ask are told it was handed out again.
    const [opened, handedOut] = a.reused ? [b, a] : [a, b];
    expect(opened.reused).toBeUndefined();
    expect(handedOut).toEqual({ ...opened, reused: true });
    expect(c).toEqual({ ...opened, reused: true });
    // A changed receipt address or wallet goes onto the same intent.
    const wallet = `0x${'1'.repeat(40)}`;
    const d = await createIntent({ heroId: hero, email: 'new@example.com', walletAddress: wallet });
    expect(d.id).toBe(a.id);
    expect(await row(a.id)).toMatchObject({ receipt_email: 'new@example.com', wallet_address: wallet });
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM payments.payment_intents WHERE hero_id = $1`,
      [hero],
    );
    expect(rows[0].n).toBe(1);
  });

  it('opens a new payment when the open one is older than a day (not handed out again)', async () => {
    const hero = '5a'.repeat(16);
    const old = await createIntent({ heroId: hero, paymentType: 'chapters' });
    await db.query(
      `UPDATE payments.payment_intents SET created_at = now() - interval '25 hours' WHERE id = $1`,
      [old.id],
    );
    const fresh = await createIntent({ heroId: hero, paymentType: 'chapters' });
    expect(fresh.id).not.toBe(old.id);
    expect(fresh.reused).toBeUndefined();
  });

  it('charges premium once per hero: after it is paid, no new intent and no second charge (409)', async () => {
    const hero = '6'.repeat(32);
    const first = await createIntent({ heroId: hero });
    // An intent opened for the same hero under another account id (or before this rule existed).
    const second = await createIntent({ heroId: hero, userId: bob });
    expect(second.id).not.toBe(first.id);
    await confirm(first, '4242 4242 4242 4242');

    expect(await errorOf(createIntent({ heroId: hero }))).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'This hero is already premium.',
    });
    expect(await errorOf(confirm(second, '4242 4242 4242 4242', bob))).toMatchObject({
      status: 409,
      message: 'This hero is already premium.',
    });
    expect(await row(second.id)).toMatchObject({ status: 'canceled', succeeded_at: null });
    expect(emitSpy).toHaveBeenCalledTimes(1);
  });

  it('lets only one of two premium confirmations for one hero through when they race', async () => {
    const hero = '5'.repeat(32);
    const first = await createIntent({ heroId: hero });
    const second = await createIntent({ heroId: hero, userId: bob });
    const outcomes = await Promise.allSettled([
      confirm(first, '4242 4242 4242 4242'),
      confirm(second, '4242 4242 4242 4242', bob),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as RemoteError).toShape()).toMatchObject({
      status: 409,
      message: 'This hero is already premium.',
    });
    const { rows } = await db.query(
      `SELECT status, refund_reason FROM payments.payment_intents WHERE hero_id = $1 ORDER BY status`,
      [hero],
    );
    expect(rows).toEqual([
      { status: 'canceled', refund_reason: 'already_premium' },
      { status: 'succeeded', refund_reason: null },
    ]);
    expect(emitSpy).toHaveBeenCalledTimes(1);
  });

  it('re-checks a chapter pack’s price before charging: $1.99 opened before the story became premium is refused', async () => {
    const hero = '4'.repeat(32);
    const pack = await createIntent({ heroId: hero, paymentType: 'chapters', premiumStory: false });
    expect(pack.amount).toBe(199);
    await confirm(await createIntent({ heroId: hero }), '4242 4242 4242 4242');
    emitSpy.mockClear();

    expect(await errorOf(confirm(pack, '4242 4242 4242 4242'))).toMatchObject({
      status: 409,
      message:
        'The price of this chapter pack changed from $1.99 to $3.99 because the story is premium now. Nothing was charged; please start a new payment.',
    });
    expect(await row(pack.id)).toMatchObject({ status: 'canceled', refund_reason: 'price_changed' });
    expect(emitSpy).not.toHaveBeenCalled();
    // Asked again it is refused the same way, and a new pack is priced for the premium story even if
    // the caller still thinks the story is not premium.
    expect(await errorOf(confirm(pack, '4242 4242 4242 4242'))).toMatchObject({ status: 409 });
    const repriced = await createIntent({ heroId: hero, paymentType: 'chapters', premiumStory: false });
    expect(repriced.amount).toBe(399);
    await expect(confirm(repriced, '4242 4242 4242 4242')).resolves.toMatchObject({ status: 'succeeded' });
  });

  it('refunds a paid chapter pack storybook refused, once; nothing else is refunded this way', async () => {
    const hero = '3'.repeat(32);
    const pack = await createIntent({ heroId: hero, paymentType: 'chapters' });
    await confirm(pack, '4242 4242 4242 4242');
    const refund = { paymentIntentId: pack.id, userId: alice, reason: 'price_changed' as const };
    expect(await errorOf(bus.request('payments.refund', { ...refund, userId: bob }))).toMatchObject({
      status: 404,
    });
    await expect(bus.request('payments.refund', refund)).resolves.toMatchObject({ status: 'refunded' });
    const refunded = await row(pack.id);
    expect(refunded).toMatchObject({ status: 'refunded', refund_reason: 'price_changed' });
    expect(refunded.refund_id).toMatch(/^re_local_/);
    await expect(bus.request('payments.refund', refund)).resolves.toMatchObject({ status: 'refunded' });
    expect((await row(pack.id)).refunded_at).toEqual(refunded.refunded_at);
    await expect(
      bus.request('payments.list-succeeded', { userId: alice, heroId: hero, paymentType: 'chapters' }),
    ).resolves.toEqual([]);

    const premium = await createIntent({ heroId: hero });
    await confirm(premium, '4242 4242 4242 4242');
    expect(
      await errorOf(bus.request('payments.refund', { ...refund, paymentIntentId: premium.id })),
    ).toMatchObject({ status: 400 });
    expect((await row(premium.id)).status).toBe('succeeded');
  });

  it("answers 404 for another user's intent (and an unknown secret)", async () => {
    const intent = await createIntent({ heroId: 'd'.repeat(32) });
    expect(await errorOf(confirm(intent, '4242424242424242', bob))).toMatchObject({
      status: 404,
      message: 'Payment not found.',
    });
    expect(
      await errorOf(
        bus.request('payments.confirm-local', {
          userId: alice,
          clientSecret: 'pi_nope_secret_x',
          card: card('4242424242424242'),
        }),
      ),
    ).toMatchObject({ status: 404 });
    expect((await row(intent.id)).status).toBe('requires_payment_method');
  });

  it('finds the newest succeeded intent of a user for a hero and type', async () => {
    const hero = 'e'.repeat(32);
    const query = { userId: alice, heroId: hero, paymentType: 'premium_upgrade' as const };
    await expect(bus.request('payments.find-succeeded', query)).resolves.toBeNull();
    const first = await createIntent({ heroId: hero });
    await createIntent({ heroId: hero }); // unpaid, newer
    await confirm(first, '4242424242424242');
    await expect(bus.request('payments.find-succeeded', query)).resolves.toMatchObject({
      id: first.id,
      status: 'succeeded',
    });
    await expect(bus.request('payments.find-succeeded', { ...query, userId: bob })).resolves.toBeNull();
    await expect(
      bus.request('payments.find-succeeded', { ...query, paymentType: 'chapters' }),
    ).resolves.toBeNull();
  });

  it('lists every succeeded chapter pack of a user for a hero, oldest first', async () => {
    const hero = '9'.repeat(32);
    const query = { userId: alice, heroId: hero, paymentType: 'chapters' as const };
    await expect(bus.request('payments.list-succeeded', query)).resolves.toEqual([]);
    // One pack at a time: asked again while one is open, that one is handed out; once paid, a new one.
    const first = await createIntent({ heroId: hero, paymentType: 'chapters' });
    expect((await createIntent({ heroId: hero, paymentType: 'chapters' })).id).toBe(first.id);
    await confirm(first, '4242424242424242');
    const second = await createIntent({ heroId: hero, paymentType: 'chapters' });
    expect(second.id).not.toBe(first.id);
    await confirm(second, '4242424242424242');
    const unpaid = await createIntent({ heroId: hero, paymentType: 'chapters' });

    const listed = await bus.request('payments.list-succeeded', query);
    expect(listed.map((intent) => intent.id)).toEqual([first.id, second.id]);
    expect(listed.map((intent) => intent.id)).not.toContain(unpaid.id);
    await expect(bus.request('payments.list-succeeded', { ...query, userId: bob })).resolves.toEqual([]);
    await expect(
      bus.request('payments.list-succeeded', { ...query, paymentType: 'premium_upgrade' }),
    ).resolves.toEqual([]);
    expect(await errorOf(bus.request('payments.list-succeeded', { ...query, heroId: 'nope' }))).toMatchObject(
      {
        status: 400,
      },
    );
  });

  it('re-emits payment.succeeded after the emit failed (Redis down)', async () => {
    const intent = await createIntent({ heroId: 'f'.repeat(32) });
    emitSpy.mockRejectedValueOnce(new Error('Connection is closed.'));
    await expect(confirm(intent, '4242424242424242')).resolves.toMatchObject({ status: 'succeeded' });
    expect((await row(intent.id)).fulfilled_event_emitted).toBe(false);

    await expect(app.get(FulfilmentService).emitPending()).resolves.toBe(1);
    expect(emitSpy).toHaveBeenCalledTimes(2);
    expect(emitSpy).toHaveBeenLastCalledWith(
      'payment.succeeded',
      expect.objectContaining({ paymentIntentId: intent.id }),
      {
        eventId: intent.id,
      },
    );
    expect((await row(intent.id)).fulfilled_event_emitted).toBe(true);
    await expect(app.get(FulfilmentService).emitPending()).resolves.toBe(0);
  });

  it('keeps its tables in its own schema and reports healthy', async () => {
    const { rows } = await db.query(
      `SELECT table_schema, table_name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
    );
    expect(rows).toEqual([
      { table_schema: 'payments', table_name: 'migrations' },
      { table_schema: 'payments', table_name: 'payment_events' },
      { table_schema: 'payments', table_name: 'payment_intents' },
    ]);
    await expect(bus.request('payments.health', {})).resolves.toMatchObject({ status: 'ok', database: 'ok' });
  });
});
