import { PaymentsModule } from '@starborn/payments';
import { StorybookModule } from '@starborn/storybook';
import { startStack, type GatewayInstance, type TestStack } from '../__tests__/stack.js';

/** Payment limits through HTTP, counted in Redis and so shared by two gateway instances. */
let stack: TestStack;
let second: GatewayInstance;

beforeAll(async () => {
  stack = await startStack('gwpaylimits', {
    services: { payments: PaymentsModule, storybook: StorybookModule },
    env: {
      RATE_LIMIT_PAYMENT_INTENTS: '3',
      RATE_LIMIT_PAYMENT_DECLINES: '3',
      PAYMENTS_MAX_DECLINES_PER_INTENT: '2',
    },
  });
  second = await stack.addGateway();
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

const card = (number: string) => ({ number, expMonth: 12, expYear: 2099, cvc: '123' });
const DECLINED = card('4000 0000 0000 0002');
const GOOD = card('4242 4242 4242 4242');

async function ownHero(token: string): Promise<string> {
  const heroId = crypto.randomUUID().replaceAll('-', '');
  const created = await stack.api('POST', '/api/heroes', {
    token,
    body: { heroName: 'Limit Seeker', birthdate: '1990-07-25', heroId },
  });
  expect(created.status).toBe(201);
  return heroId;
}

/** Closes the hero's open payments (as three declined cards would): the next start opens a new one. */
async function closeOpenPayments(heroId: string): Promise<void> {
  await stack.db.query(
    `UPDATE payments.payment_intents SET status = 'canceled'
     WHERE hero_id = $1 AND status IN ('requires_payment_method', 'processing')`,
    [heroId],
  );
}

const startPayment = (api: TestStack['api'], token: string, heroId: string) =>
  api('POST', '/api/create-payment-intent', { token, body: { heroId, paymentType: 'premium_upgrade' } });
const confirm = (api: TestStack['api'], token: string, clientSecret: string, withCard = DECLINED) =>
  api('POST', '/api/payments/local/confirm', { token, body: { clientSecret, card: withCard } });

describe('payments started per user', () => {
  it('answers 429 with Retry-After past the limit of new payments, whichever gateway is asked; other users are not affected', async () => {
    const { token } = await stack.newUser();
    const heroId = await ownHero(token);
    // Three new payments (each after the previous one was closed) spend the allowance of 3.
    const opened = new Set<string>();
    for (let n = 0; n < 3; n++) {
      const started = await startPayment(n % 2 === 0 ? stack.api : second.api, token, heroId);
      expect(started.status).toBe(200);
      opened.add(started.json.paymentIntentId);
      await closeOpenPayments(heroId);
    }
    expect(opened.size).toBe(3);
    const refused = await startPayment(second.api, token, heroId);
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'You have started too many payments for now. Please wait 10 minutes and try again.',
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((await startPayment(stack.api, token, heroId)).status).toBe(429);

    const other = await stack.newUser();
    expect((await startPayment(second.api, other.token, await ownHero(other.token))).status).toBe(200);
  });

  it('hands the open payment out again for the same hero and type, which does not spend the allowance', async () => {
    const { token } = await stack.newUser();
    const heroId = await ownHero(token);
    const first = await startPayment(stack.api, token, heroId);
    expect(first.status).toBe(200);
    // Twelve more starts (reloads, other tabs, a second Pay) on both gateways: the same open intent.
    for (let n = 0; n < 12; n++) {
      const again = await startPayment(n % 2 === 0 ? second.api : stack.api, token, heroId);
      expect(again.status).toBe(200);
      expect(again.json).toEqual(first.json);
    }
    // The open payment still pays.
    const paid = await confirm(second.api, token, first.json.clientSecret, GOOD);
    expect(paid.json.status).toBe('succeeded');

    // Only the one new payment was counted: two more new ones pass (allowance 3), the next is refused.
    const other = await ownHero(token);
    for (let n = 0; n < 2; n++) {
      expect((await startPayment(stack.api, token, other)).status).toBe(200);
      await closeOpenPayments(other);
    }
    expect((await startPayment(second.api, token, other)).status).toBe(429);
  });

  it('a refused start (not your hero) does not spend the allowance', async () => {
    const { token } = await stack.newUser();
    const stranger = await stack.newUser();
    const theirs = await ownHero(stranger.token);
    for (let n = 0; n < 5; n++) expect((await startPayment(stack.api, token, theirs)).status).toBe(404);
    expect((await startPayment(stack.api, token, await ownHero(token))).status).toBe(200);
  });
});

describe('declined cards', () => {
  it('cancel the intent at the per-intent limit (409 afterwards), then answer 429 per user on every gateway', async () => {
    const { token } = await stack.newUser();
    const heroId = await ownHero(token);
    const intent = (await startPayment(stack.api, token, heroId)).json;

    expect((await confirm(stack.api, token, intent.clientSecret)).json).toMatchObject({
      status: 402,
      message: 'Your card was declined.',
    });
    const cancelling = await confirm(second.api, token, intent.clientSecret);
    expect(cancelling.status).toBe(402);
    expect(cancelling.json.message).toBe(
      'Your card was declined. This payment was cancelled after too many declined cards. Please start a new payment to try again.',
    );
    const closed = await confirm(stack.api, token, intent.clientSecret, GOOD);
    expect(closed.status).toBe(409);
    expect(closed.json.message).toBe(
      'This payment was cancelled after too many declined cards. Please start a new payment to try again.',
    );

    // A new payment can be started; the user's third decline reaches the per-user limit.
    const fresh = (await startPayment(second.api, token, heroId)).json;
    expect(fresh.paymentIntentId).not.toBe(intent.paymentIntentId);
    expect((await confirm(second.api, token, fresh.clientSecret)).status).toBe(402);
    for (const api of [stack.api, second.api]) {
      const limited = await confirm(api, token, fresh.clientSecret, GOOD);
      expect(limited.status).toBe(429);
      expect(limited.json.message).toBe(
        'Too many of your cards were declined for now. Please wait 60 minutes and try again.',
      );
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3_500);
    }
    const hero = (await stack.api('GET', `/api/heroes/${heroId}`, { token })).json;
    expect(hero.paymentStatus).toBe('unpaid');
  });
});

describe('the checkout before Pay', () => {
  const openIntents = async (heroId: string) =>
    (
      await stack.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM payments.payment_intents WHERE hero_id = $1`,
        [heroId],
      )
    ).rows[0]!.n;

  it('quotes the price by the sale rules without opening a payment or spending the allowance', async () => {
    const { token } = await stack.newUser();
    const heroId = await ownHero(token);
    const quote = (paymentType: string, api = stack.api) =>
      api('GET', `/api/payments/quote?heroId=${heroId}&paymentType=${paymentType}`, { token });

    // Twenty views of the checkout: the price each time, no payment opened, the allowance (3) whole.
    for (let n = 0; n < 20; n++) {
      const viewed = await quote('premium_upgrade', n % 2 === 0 ? stack.api : second.api);
      expect(viewed.status).toBe(200);
      expect(viewed.json).toMatchObject({ paymentType: 'premium_upgrade', amount: 399, currency: 'usd' });
    }
    expect(await openIntents(heroId)).toBe(0);
    // The same refusals as a payment: no storybook yet, not your hero, bad input.
    const noStory = await quote('chapters');
    expect(noStory.status).toBe(409);
    expect(noStory.json.message).toMatch(/storybook is not ready yet/);
    const stranger = await stack.newUser();
    expect(
      (await stack.api('GET', `/api/payments/quote?heroId=${heroId}`, { token: stranger.token })).status,
    ).toBe(404);
    const bad = await stack.api('GET', `/api/payments/quote?heroId=nope&paymentType=gift`, { token });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: expect.any(String), message: expect.any(String) });

    for (let n = 0; n < 3; n++) {
      expect((await startPayment(stack.api, token, heroId)).status).toBe(200);
      await closeOpenPayments(heroId);
    }
    expect(await openIntents(heroId)).toBe(3);
  });

  it('hands the same open chapter pack out again until it is paid', async () => {
    const { token, heroId } = await stack.newHero({ paid: false });
    await stack.firstChapterWritten(token, heroId);
    const startChapters = (api: TestStack['api']) =>
      api('POST', '/api/create-payment-intent', { token, body: { heroId, unlockChapters: true } });
    const first = await startChapters(stack.api);
    expect(first.json).toMatchObject({ paymentType: 'chapters', amount: 199 });
    for (let n = 0; n < 5; n++) expect((await startChapters(second.api)).json).toEqual(first.json);
    expect(await openIntents(heroId)).toBe(1);

    const paid = await confirm(stack.api, token, first.json.clientSecret, GOOD);
    expect(paid.json.status).toBe('succeeded');
    // Paid: the next pack is a new payment.
    const next = await startChapters(second.api);
    expect(next.status).toBe(200);
    expect(next.json.paymentIntentId).not.toBe(first.json.paymentIntentId);
  });
});
