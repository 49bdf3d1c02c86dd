import { aiQuotaKey, heroStatusChannel } from '@starborn/contracts';
import { PaymentsModule } from '@starborn/payments';
import { StorybookModule } from '@starborn/storybook';
import { eventually, TEST_REDIS_URL } from '@starborn/testing';
import { Redis } from 'ioredis';
import { startStack, type TestStack } from '../__tests__/stack.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack('gwpay', { services: { payments: PaymentsModule, storybook: StorybookModule } });
}, 60_000);

afterAll(() => stack?.close());

const api = (
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) => stack.api(method, path, options);
const newUser = () => stack.newUser();
const newHeroId = () => crypto.randomUUID().replaceAll('-', '');

async function newHero(token: string, generate = true) {
  const heroId = newHeroId();
  const created = await api('POST', '/api/heroes', {
    token,
    body: { heroName: 'Lyra Dawn', birthdate: '1991-07-07', heroId },
  });
  expect(created.status).toBe(201);
  if (generate) {
    const generated = await api('POST', `/api/heroes/generate/${heroId}`, { token });
    expect(generated.json.hero.status).toBe('complete');
  }
  return heroId;
}

const card = (number: string) => ({ number, expMonth: 12, expYear: 2099, cvc: '123' });
const intentBody = (heroId: string, extra: object = {}) => ({
  amount: 1,
  currency: 'usd',
  heroId,
  walletAddress: '',
  unlockChapters: false,
  paymentType: 'premium_upgrade',
  is_test: true,
  ...extra,
});

describe('payments: configuration', () => {
  it('tells any visitor the provider, without a key for the local provider', async () => {
    const config = await api('GET', '/api/payments/config');
    expect(config.status).toBe(200);
    expect(config.json).toEqual({ provider: 'local', publishableKey: null, currency: 'usd' });
  });

  it('documents the payment routes in the OpenAPI document', async () => {
    const doc = await api('GET', '/api/docs/json');
    expect(Object.keys(doc.json.paths)).toEqual(
      expect.arrayContaining([
        '/api/payments/config',
        '/api/create-payment-intent',
        '/api/payments/local/confirm',
        '/api/payments/webhook',
        '/api/heroes/setpremium/{heroId}',
      ]),
    );
    expect(doc.json.paths['/api/create-payment-intent'].post.description).toMatch(/ignored/);
  });
});

// Before any test generates a hero: the next successful AI call lowers the AI-quota flag, so an AI job
// of an earlier test still under way (a storybook's chapter) could lower the flag this test raises.
describe('payments: while the AI quota is exceeded', () => {
  it('refuses while the AI quota is exceeded, with errorType quota_exceeded', async () => {
    const { token } = await newUser();
    const heroId = await newHero(token, false);
    await stack.redis.set(aiQuotaKey(stack.prefix), 'test', 'EX', 60);
    try {
      const refused = await api('POST', '/api/create-payment-intent', { token, body: intentBody(heroId) });
      expect(refused.status).toBe(429);
      expect(refused.json).toMatchObject({
        errorType: 'quota_exceeded',
        message:
          'Payment processing is temporarily disabled because the AI service quota has been exceeded. Please try again later.',
      });
    } finally {
      await stack.redis.del(aiQuotaKey(stack.prefix));
    }
    expect(
      (await api('POST', '/api/create-payment-intent', { token, body: intentBody(heroId) })).status,
    ).toBe(200);
  });
});

describe('payments: premium upgrade', () => {
  it('charges the table price, and a succeeded card payment makes the hero premium', async () => {
    const { token } = await newUser();
    const heroId = await newHero(token);
    const before = (await api('GET', `/api/heroes/${heroId}`, { token })).json;
    expect(before.backstoryTruncated).toBe(true);

    const intent = await api('POST', '/api/create-payment-intent', { token, body: intentBody(heroId) });
    expect(intent.status).toBe(200);
    expect(intent.json).toEqual({
      clientSecret: expect.stringMatching(/^pi_local_/),
      paymentIntentId: expect.stringMatching(/^pi_local_/),
      amount: 399,
      currency: 'usd',
      provider: 'local',
      paymentType: 'premium_upgrade',
    });

    const confirmed = await api('POST', '/api/payments/local/confirm', {
      token,
      body: { clientSecret: intent.json.clientSecret, card: card('4242 4242 4242 4242') },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({
      id: intent.json.paymentIntentId,
      status: 'succeeded',
      amount: 399,
      heroId,
    });

    const paid = await eventually(async () => {
      const hero = (await api('GET', `/api/heroes/${heroId}`, { token })).json;
      return hero.paymentStatus === 'paid' ? hero : undefined;
    });
    expect(paid.images).toHaveLength(3);
    for (const image of paid.images) {
      expect(image.url).toContain('/full/');
      expect(image.locked).toBe(false);
    }
    expect(paid.backstoryTruncated).toBe(false);
    expect(paid.backstory.length).toBeGreaterThan(before.backstory.length - 3);
    expect(paid.backstory.startsWith(before.backstory.slice(0, -3).trimEnd())).toBe(true);
    const full = await fetch(new URL(paid.images[1].url, stack.baseUrl));
    expect(full.status).toBe(200);

    // The client's call after success: idempotent, answers the full hero.
    const premium = await api('POST', `/api/heroes/setpremium/${heroId}`, { token });
    expect(premium.status).toBe(200);
    expect(premium.json).toMatchObject({ id: heroId, paymentStatus: 'paid', backstoryTruncated: false });

    // Premium is never sold twice for one hero: refused before any money moves.
    const again = await api('POST', '/api/create-payment-intent', { token, body: intentBody(heroId) });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ message: 'This hero is already premium.' });

    // A paid hero is no longer the user's one non-premium hero.
    expect((await newHero(token, false)).length).toBe(32);
  });

  it('setpremium applies a succeeded payment even before the event is handled', async () => {
    const { token, user } = await newUser();
    const heroId = await newHero(token);
    const intent = await stack.bus.request('payments.create-intent', {
      userId: user.id,
      heroId,
      paymentType: 'premium_upgrade',
      premiumStory: false,
    });
    // Succeeded in the payments table, but no event was emitted (as if it were still on its way).
    await stack.db.query(
      `UPDATE payments.payment_intents SET status = 'succeeded', succeeded_at = now(), fulfilled_event_emitted = true WHERE id = $1`,
      [intent.id],
    );
    const premium = await api('POST', `/api/heroes/setpremium/${heroId}`, { token });
    expect(premium.status).toBe(200);
    expect(premium.json.paymentStatus).toBe('paid');
    expect(premium.json.images.every((image: { url: string }) => image.url.includes('/full/'))).toBe(true);
  });

  it('setpremium without a payment answers 402 and grants nothing', async () => {
    const { token } = await newUser();
    const heroId = await newHero(token, false);
    // An intent that was never paid does not count either.
    await api('POST', '/api/create-payment-intent', { token, body: intentBody(heroId) });
    const refused = await api('POST', `/api/heroes/setpremium/${heroId}`, { token });
    expect(refused.status).toBe(402);
    expect(refused.json).toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message: 'No completed payment was found for this hero.',
    });
    expect((await api('GET', `/api/heroes/${heroId}`, { token })).json.paymentStatus).toBe('unpaid');
  });

  it('a declined card answers 402 with the card message and leaves the hero unpaid', async () => {
    const { token } = await newUser();
    const heroId = await newHero(token, false);
    const intent = await api('POST', '/api/create-payment-intent', { token, body: intentBody(heroId) });
    const declined = await api('POST', '/api/payments/local/confirm', {
      token,
      body: { clientSecret: intent.json.clientSecret, card: card('4000000000000002') },
    });
    expect(declined.status).toBe(402);
    expect(declined.json).toMatchObject({ message: 'Your card was declined.', errorType: 'card_declined' });
    expect((await api('POST', `/api/heroes/setpremium/${heroId}`, { token })).status).toBe(402);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await api('GET', `/api/heroes/${heroId}`, { token })).json.paymentStatus).toBe('unpaid');
  });

  it("answers 404 for another user's hero and payment", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const heroId = await newHero(owner.token, false);
    const foreignIntent = await api('POST', '/api/create-payment-intent', {
      token: stranger.token,
      body: intentBody(heroId),
    });
    expect(foreignIntent.status).toBe(404);
    expect(foreignIntent.json.message).toBe('Hero not found.');
    const foreignPremium = await api('POST', `/api/heroes/setpremium/${heroId}`, { token: stranger.token });
    expect(foreignPremium.status).toBe(404);
    expect(foreignPremium.json.message).toBe('Hero not found.');

    const intent = await api('POST', '/api/create-payment-intent', {
      token: owner.token,
      body: intentBody(heroId),
    });
    const foreignConfirm = await api('POST', '/api/payments/local/confirm', {
      token: stranger.token,
      body: { clientSecret: intent.json.clientSecret, card: card('4242424242424242') },
    });
    expect(foreignConfirm.status).toBe(404);
    expect((await api('GET', `/api/heroes/${heroId}`, { token: owner.token })).json.paymentStatus).toBe(
      'unpaid',
    );
  });

  it('requires a signed-in user', async () => {
    const heroId = newHeroId();
    expect((await api('POST', '/api/create-payment-intent', { body: intentBody(heroId) })).status).toBe(401);
    expect(
      (
        await api('POST', '/api/payments/local/confirm', {
          body: { clientSecret: 'x', card: card('4242424242424242') },
        })
      ).status,
    ).toBe(401);
    expect((await api('POST', `/api/heroes/setpremium/${heroId}`)).status).toBe(401);
  });

  it('validates the body; unlockChapters buys chapters at the table price', async () => {
    const { token } = await newUser();
    const heroId = await newHero(token);
    // Chapters are sold once the hero's storybook exists (a moment after the hero is complete).
    await eventually(
      async () => (await api('GET', `/api/heroes/${heroId}/storybook`, { token })).status === 200,
    );
    const badType = await api('POST', '/api/create-payment-intent', {
      token,
      body: intentBody(heroId, { paymentType: 'free_stuff' }),
    });
    expect(badType.status).toBe(400);
    expect(badType.json.message).toBe('The payment type must be premium_upgrade or chapters.');
    const badWallet = await api('POST', '/api/create-payment-intent', {
      token,
      body: intentBody(heroId, { walletAddress: '0x123' }),
    });
    expect(badWallet.status).toBe(400);
    expect(badWallet.json.message).toBe(
      'Please enter a valid wallet address (0x followed by 40 hexadecimal characters).',
    );
    const chapters = await api('POST', '/api/create-payment-intent', {
      token,
      body: intentBody(heroId, { unlockChapters: true, amount: 499 }),
    });
    expect(chapters.status).toBe(200);
    expect(chapters.json).toMatchObject({ paymentType: 'chapters', amount: 199 });
    const noCard = await api('POST', '/api/payments/local/confirm', {
      token,
      body: { clientSecret: chapters.json.clientSecret },
    });
    expect(noCard.status).toBe(400);
  });
});

describe('payments: payment.succeeded in heroes', () => {
  it('applies a premium upgrade once when the event arrives twice, and ignores chapters', async () => {
    const { token, user } = await newUser();
    const heroId = await newHero(token, false);
    const subscriber = new Redis(TEST_REDIS_URL);
    const notices: string[] = [];
    await subscriber.subscribe(heroStatusChannel(stack.prefix));
    subscriber.on('message', (_channel, message: string) => {
      if ((JSON.parse(message) as { heroId: string }).heroId === heroId) notices.push(message);
    });
    try {
      const event = {
        paymentIntentId: `pi_test_${heroId}`,
        userId: user.id,
        heroId,
        amount: 399,
        currency: 'usd' as const,
      };
      await stack.bus.emitEvent(
        'payment.succeeded',
        { ...event, paymentType: 'chapters' },
        { eventId: `${event.paymentIntentId}.chapters` },
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await api('GET', `/api/heroes/${heroId}`, { token })).json.paymentStatus).toBe('unpaid');

      const premium = { ...event, paymentType: 'premium_upgrade' as const };
      await stack.bus.emitEvent('payment.succeeded', premium, { eventId: event.paymentIntentId });
      await stack.bus.emitEvent('payment.succeeded', premium, { eventId: `${event.paymentIntentId}.again` });
      await eventually(
        async () => (await api('GET', `/api/heroes/${heroId}`, { token })).json.paymentStatus === 'paid',
      );
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(notices).toHaveLength(1);
      expect(JSON.parse(notices[0])).toMatchObject({ heroId, userId: user.id, status: 'pending' });

      // Another user's id in the event changes nothing for this hero.
      const other = await newUser();
      const otherHero = await newHero(other.token, false);
      await stack.bus.emitEvent(
        'payment.succeeded',
        { ...premium, heroId: otherHero, paymentIntentId: `pi_test_${otherHero}` },
        { eventId: `pi_test_${otherHero}` },
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await api('GET', `/api/heroes/${otherHero}`, { token: other.token })).json.paymentStatus).toBe(
        'unpaid',
      );
    } finally {
      subscriber.disconnect();
    }
  });
});

describe('payments: Stripe webhook route', () => {
  it('is public, needs a signature, and passes the raw body to the payments service', async () => {
    const unsigned = await api('POST', '/api/payments/webhook', { body: '{"id":"evt_1"}' });
    expect(unsigned.status).toBe(400);
    expect(unsigned.json.message).toBe('Invalid webhook signature.');
    // With the local provider, the payments service refuses webhooks (Stripe is not configured).
    const local = await api('POST', '/api/payments/webhook', {
      body: '{"id":"evt_1"}',
      headers: { 'stripe-signature': 't=1,v1=abc' },
    });
    expect(local.status).toBe(400);
    expect(local.json.message).toBe('Stripe webhooks are not enabled on this server.');
  });
});
