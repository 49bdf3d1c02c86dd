import { PaymentsModule } from '@starborn/payments';
import { eventually } from '@starborn/testing';
import { StorybookModule } from '@starborn/storybook';
import { startStack, type GatewayInstance, type TestStack } from '../__tests__/stack.js';

/**
 * Card testing with simultaneous confirmations: the declined-card limits (10 per user, 3 per intent, the
 * defaults) hold when many confirmations arrive at once, on two gateway instances, real Redis and
 * PostgreSQL. Each trial is a new hour for the user: their counters in Redis start from zero. A card verdict is a 402 carrying the card's message: each is a card the attacker learnt
 * something about.
 */
let stack: TestStack;
let second: GatewayInstance;

const TRIALS = 12;
const PER_USER = 10;
const PER_INTENT = 3;

beforeAll(async () => {
  stack = await startStack('gwpayrace', {
    services: { payments: PaymentsModule, storybook: StorybookModule },
    env: {
      RATE_LIMIT_PAYMENT_DECLINES: String(PER_USER),
      PAYMENTS_MAX_DECLINES_PER_INTENT: String(PER_INTENT),
    },
  });
  second = await stack.addGateway();
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

const DECLINED = { number: '4000 0000 0000 0002', expMonth: 12, expYear: 2099, cvc: '123' };

let owner: { token: string; userId: string; heroId: string };

/** The user's declines and payments started are counted from zero again, as an hour later. */
async function nextHour(): Promise<void> {
  for (const limit of ['payment-declines', 'payment-intent'])
    await stack.redis.del(`${stack.prefix}:rate-limit:${limit}:${owner.userId}`);
}

/**
 * `count` new chapter-pack intents of one user's hero (its storybook exists), the user's limits
 * counted from zero: their client secrets.
 */
async function chapterPacks(count: number): Promise<string[]> {
  if (!owner) {
    const { token, user } = await stack.newUser();
    const { heroId } = await stack.newHero({ paid: false, token });
    await eventually(
      async () => (await stack.api('GET', `/api/heroes/${heroId}/storybook`, { token })).status === 200,
    );
    owner = { token, userId: user.id, heroId };
  }
  await nextHour();
  const secrets: string[] = [];
  for (let index = 0; index < count; index++) {
    const intent = await stack.api('POST', '/api/create-payment-intent', {
      token: owner.token,
      body: { heroId: owner.heroId, unlockChapters: true },
    });
    expect(intent.status).toBe(200);
    expect(intent.json.paymentType).toBe('chapters');
    secrets.push(intent.json.clientSecret);
  }
  return secrets;
}

/** Sends all confirmations at once, alternating gateways; the card verdicts (402) per client secret. */
async function confirmAll(
  token: string,
  secrets: string[],
): Promise<{ verdicts: Map<string, number>; statuses: number[] }> {
  const answers = await Promise.all(
    secrets.map((clientSecret, index) =>
      (index % 2 ? second.api : stack.api)('POST', '/api/payments/local/confirm', {
        token,
        body: { clientSecret, card: DECLINED },
      }).then((answer) => ({ clientSecret, answer })),
    ),
  );
  const verdicts = new Map<string, number>();
  for (const { clientSecret, answer } of answers) {
    if (answer.status === 402) {
      expect(answer.json.message).toMatch(/^Your card was declined\./);
      verdicts.set(clientSecret, (verdicts.get(clientSecret) ?? 0) + 1);
    } else {
      // Every other answer refuses without a verdict: the user's limit, or the intent's.
      expect([409, 429]).toContain(answer.status);
      expect(answer.json.message).not.toMatch(/declined\.$/);
    }
  }
  return { verdicts, statuses: answers.map(({ answer }) => answer.status) };
}

const total = (verdicts: Map<string, number>) => [...verdicts.values()].reduce((sum, n) => sum + n, 0);

describe('simultaneous declined cards', () => {
  it(`40 at once over 5 intents get at most ${PER_USER} card verdicts, at most ${PER_INTENT} per intent (${TRIALS} trials)`, async () => {
    const overall: number[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      const secrets = await chapterPacks(5);
      const { verdicts } = await confirmAll(
        owner.token,
        Array.from({ length: 40 }, (_, index) => secrets[index % secrets.length]!),
      );
      overall.push(total(verdicts));
      for (const count of verdicts.values()) expect(count).toBeLessThanOrEqual(PER_INTENT);
    }
    expect(Math.max(...overall)).toBeLessThanOrEqual(PER_USER);
    // The limits refuse the surplus, they do not refuse everything.
    expect(Math.min(...overall)).toBeGreaterThanOrEqual(PER_INTENT);
  }, 60_000);

  it(`20 at once on one intent get at most ${PER_INTENT} card verdicts, then the intent is cancelled (${TRIALS} trials)`, async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const secrets = await chapterPacks(1);
      const { verdicts } = await confirmAll(owner.token, Array(20).fill(secrets[0]));
      expect(total(verdicts)).toBeLessThanOrEqual(PER_INTENT);
      const after = await stack.api('POST', '/api/payments/local/confirm', {
        token: owner.token,
        body: { clientSecret: secrets[0], card: { ...DECLINED, number: '4242 4242 4242 4242' } },
      });
      expect(after.status).toBe(409);
      expect(after.json.message).toBe(
        'This payment was cancelled after too many declined cards. Please start a new payment to try again.',
      );
    }
  }, 60_000);
});
