/**
 * Fulfilment survives a Redis restart: payments that succeeded while the fulfilling services were
 * down are applied once those services are back (premium → heroes and storybook; a chapter pack →
 * storybook), even though Redis restarted in between, and a redelivery applies nothing twice. The
 * test runs its own Redis server (append-only file, as deployed), never the shared one.
 */
import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import type { BackendService } from '@starborn/contracts';
import { HeroesModule } from '@starborn/heroes';
import { StorybookModule } from '@starborn/storybook';
import { MessageBus } from '@starborn/messaging';
import { createServiceApp } from '@starborn/runtime';
import { eventually, startPrivateRedis, testDatabase, type PrivateRedis } from '@starborn/testing';
import pg from 'pg';
import { PaymentsModule } from './payments.module.js';

const database = testDatabase('fulfilment');
const prefix = 'sbt-fulfilment';
const alice = '33333333-3333-4333-8333-333333333333';
const heroId = crypto.randomUUID().replaceAll('-', '');
let redis: PrivateRedis;
let env: Record<string, string>;
let bus: MessageBus;
let db: pg.Client;
const running = new Map<BackendService, INestMicroservice>();

async function startService(service: BackendService) {
  const module = { heroes: HeroesModule, storybook: StorybookModule }[service as string] ?? PaymentsModule;
  const { app } = await createServiceApp({ service, module, env });
  await app.listen();
  running.set(service, app);
}

async function stopService(service: BackendService) {
  await running.get(service)?.close();
  running.delete(service);
}

beforeAll(async () => {
  redis = await startPrivateRedis();
  env = { DATABASE_URL: database.url, REDIS_URL: redis.url, REDIS_PREFIX: prefix, LOG_LEVEL: 'silent' };
  await startService('heroes');
  await startService('storybook');
  await startService('payments');
  bus = new MessageBus({ url: redis.url, prefix, timeoutMs: 10_000 });
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
}, 60_000);

afterAll(async () => {
  await db?.end();
  await bus?.close();
  for (const service of [...running.keys()]) await stopService(service);
  await redis?.destroy();
  await database.drop();
});

const confirmPaid = async (paymentType: 'premium_upgrade' | 'chapters') => {
  const intent = await bus.request('payments.create-intent', {
    userId: alice,
    heroId,
    paymentType,
    premiumStory: false,
    email: 'alice@example.com',
  });
  await expect(
    bus.request('payments.confirm-local', {
      userId: alice,
      clientSecret: intent.clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
    }),
  ).resolves.toMatchObject({ status: 'succeeded' });
  return intent;
};

const storyRow = async () =>
  (
    await db.query('SELECT is_premium, chapters_total_count FROM storybook.storybooks WHERE hero_id = $1', [
      heroId,
    ])
  ).rows[0];
const credits = async () =>
  (await db.query('SELECT payment_intent_id FROM storybook.chapter_credits WHERE hero_id = $1', [heroId]))
    .rows;

const heroRow = async () =>
  (await db.query('SELECT payment_status, updated_at FROM heroes.heroes WHERE id = $1', [heroId])).rows[0];

it('applies premium and a chapter pack exactly once after the services and Redis all restarted', async () => {
  await bus.request('heroes.create', { userId: alice, heroId, heroName: 'Durable', birthdate: '1990-06-15' });
  await stopService('heroes');
  await stopService('storybook');

  const premium = await confirmPaid('premium_upgrade');
  const pack = await confirmPaid('chapters');
  expect((await heroRow()).payment_status).toBe('unpaid');
  expect(await credits()).toEqual([]);

  // The events now wait in Redis only; Redis goes down and comes back from its append-only file.
  await redis.restart();
  await startService('heroes');
  await startService('storybook');

  const paid = await eventually(async () => {
    const row = await heroRow();
    return row.payment_status === 'paid' ? row : undefined;
  }, 20_000);
  await eventually(async () => (await storyRow())?.is_premium === true, 20_000);
  await eventually(async () => (await credits()).length === 1, 20_000);
  expect(await credits()).toEqual([{ payment_intent_id: pack.id }]);

  // The same payments again (a redelivery under new event ids) change nothing.
  for (const intent of [premium, pack]) {
    await bus.emitEvent(
      'payment.succeeded',
      {
        paymentIntentId: intent.id,
        userId: alice,
        heroId,
        paymentType: intent.paymentType,
        amount: intent.amount,
        currency: 'usd',
      },
      { eventId: `${intent.id}.redelivered` },
    );
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await heroRow()).toEqual(paid);
  expect(await storyRow()).toEqual({ is_premium: true, chapters_total_count: 10 });
  expect(await credits()).toEqual([{ payment_intent_id: pack.id }]);
}, 60_000);
