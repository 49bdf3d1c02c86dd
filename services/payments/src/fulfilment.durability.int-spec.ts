/**
 * Fulfilment survives a Redis restart: a payment that succeeded while the fulfilling service was down
 * is applied once that service is back, even though Redis restarted in between. The test runs its
 * own Redis server (append-only file, as deployed), never the shared one.
 */
import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import type { BackendService } from '@starborn/contracts';
import { HeroesModule } from '@starborn/heroes';
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
  const module = service === 'heroes' ? HeroesModule : PaymentsModule;
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

const heroRow = async () =>
  (await db.query('SELECT payment_status, updated_at FROM heroes.heroes WHERE id = $1', [heroId])).rows[0];

it('applies a premium payment exactly once after the hero service and Redis both restarted', async () => {
  await bus.request('heroes.create', { userId: alice, heroId, heroName: 'Durable', birthdate: '1990-06-15' });
  await stopService('heroes');

  const intent = await bus.request('payments.create-intent', {
    userId: alice,
    heroId,
    paymentType: 'premium_upgrade',
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
  expect((await heroRow()).payment_status).toBe('unpaid');

  // The event now waits in Redis only; Redis goes down and comes back from its append-only file.
  await redis.restart();
  await startService('heroes');

  const paid = await eventually(async () => {
    const row = await heroRow();
    return row.payment_status === 'paid' ? row : undefined;
  }, 20_000);

  // The same event again (a redelivery under the same id) changes nothing.
  await bus.emitEvent(
    'payment.succeeded',
    {
      paymentIntentId: intent.id,
      userId: alice,
      heroId,
      paymentType: 'premium_upgrade',
      amount: intent.amount,
      currency: 'usd',
    },
    { eventId: `${intent.id}.redelivered` },
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await heroRow()).toEqual(paid);
}, 60_000);
