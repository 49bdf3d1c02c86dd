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

const startPayment = (api: TestStack['api'], token: string, heroId: string) =>
  api('POST', '/api/create-payment-intent', { token, body: { heroId, paymentType: 'premium_upgrade' } });
const confirm = (api: TestStack['api'], token: string, clientSecret: string, withCard = DECLINED) =>
  api('POST', '/api/payments/local/confirm', { token, body: { clientSecret, card: withCard } });

describe('payments started per user', () => {
  it('answers 429 with Retry-After past the limit, whichever gateway is asked; other users are not affected', async () => {
    const { token } = await stack.newUser();
    const heroId = await ownHero(token);
    const first = await startPayment(stack.api, token, heroId);
    expect(first.status).toBe(200);
    // A second tab gets the same intent, not a second one.
    const again = await startPayment(second.api, token, heroId);
    expect(again.json).toEqual(first.json);
    expect((await startPayment(stack.api, token, heroId)).status).toBe(200);

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
