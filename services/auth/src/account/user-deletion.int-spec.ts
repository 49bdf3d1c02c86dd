/**
 * Account deletion in auth, on real PostgreSQL and Redis: the password decides; the user and their
 * support requests go in one transaction with a pending deletion, and `user.deleted` lands on every
 * subscriber's event queue. A deletion whose event could not be emitted (Redis unreachable, or a
 * crash between the commit and the emit) is emitted by the sweep.
 */
import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import { jest } from '@jest/globals';
import { messages, QueueNames, type EventDefinition } from '@starborn/contracts';
import { createRedisConnection, MessageBus } from '@starborn/messaging';
import { createServiceApp } from '@starborn/runtime';
import {
  deleteRedisPrefix,
  errorOf,
  eventually,
  testDatabase,
  testRedisPrefix,
  TEST_REDIS_URL,
} from '@starborn/testing';
import { Queue } from 'bullmq';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { AuthModule } from '../auth.module.js';

const database = testDatabase('auth-deletion');
const prefix = testRedisPrefix('auth-deletion');
const PASSWORD = 'correct horse battery';
const subscribers = (messages['user.deleted'] as EventDefinition).subscribers;
let keysDir: string;
let app: INestMicroservice;
let bus: MessageBus;
let db: pg.Client;
let connection: ReturnType<typeof createRedisConnection>;
let eventQueues: Queue[];

const register = async (email: string) =>
  (await bus.request('auth.register', { name: 'Nova', email, password: PASSWORD })).user.id;
const count = async (table: string, column: string, userId: string) =>
  (await db.query(`SELECT count(*)::int AS n FROM auth.${table} WHERE ${column} = $1`, [userId])).rows[0].n;
/** The subscribers that have the event of this deletion on their queue. */
const queuedFor = async (userId: string) => {
  const jobs = await Promise.all(eventQueues.map((queue) => queue.getJob(`user.deleted.${userId}`)));
  return jobs.filter((job) => job?.data.data.userId === userId).length;
};

beforeAll(async () => {
  keysDir = await mkdtemp(join(tmpdir(), 'starborn-keys-'));
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    AUTH_KEYS_DIR: keysDir,
    LOG_LEVEL: 'silent',
    USER_DELETION_REEMIT_INTERVAL_MS: '200',
  };
  ({ app } = await createServiceApp({ service: 'auth', module: AuthModule, env }));
  await app.listen();
  bus = new MessageBus({ url: TEST_REDIS_URL, prefix, timeoutMs: 10_000 });
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
  connection = createRedisConnection({ url: TEST_REDIS_URL, prefix }, 'test:events');
  eventQueues = subscribers.map((service) => new Queue(QueueNames.events(service), { connection, prefix }));
}, 60_000);

afterAll(async () => {
  await Promise.all((eventQueues ?? []).map((queue) => queue.close()));
  await connection?.quit();
  await db?.end();
  await bus?.close();
  await app?.close();
  await database.drop();
  await deleteRedisPrefix(prefix);
  await rm(keysDir, { recursive: true, force: true });
});

test('every service that holds user data subscribes to user.deleted', () => {
  expect([...subscribers].sort()).toEqual(['heroes', 'payments', 'rooms', 'storybook']);
});

test('a wrong or missing password deletes nothing', async () => {
  const userId = await register('wrong-password@example.com');
  expect(
    await errorOf(bus.request('auth.delete-user', { userId, password: 'not my password' })),
  ).toMatchObject({
    status: 400,
    code: 'INVALID_CREDENTIALS',
    message: 'Your current password is incorrect.',
  });
  expect(await errorOf(bus.request('auth.delete-user', { userId, password: '' }))).toMatchObject({
    status: 400,
    message: 'Please enter your current password',
  });
  expect(await count('users', 'id', userId)).toBe(1);
  expect(await queuedFor(userId)).toBe(0);
});

test('the account and its support requests go, and user.deleted reaches every subscriber', async () => {
  const userId = await register('leaving@example.com');
  await bus.request('auth.create-support-request', {
    name: 'Nova',
    email: 'leaving@example.com',
    subject: 'Hello',
    message: 'A question',
    category: 'account',
    userId,
  });

  await expect(bus.request('auth.delete-user', { userId, password: PASSWORD })).resolves.toEqual({
    deleted: true,
  });

  expect(await count('users', 'id', userId)).toBe(0);
  expect(await count('support_requests', 'user_id', userId)).toBe(0);
  expect(await count('user_deletions', 'user_id', userId)).toBe(0);
  expect(await queuedFor(userId)).toBe(subscribers.length);
  // The account no longer exists: its token's session has ended, and so has a second deletion.
  expect(await errorOf(bus.request('auth.get-user', { userId }))).toMatchObject({ status: 401 });
  expect(await errorOf(bus.request('auth.delete-user', { userId, password: PASSWORD }))).toMatchObject({
    status: 401,
  });
  await expect(
    bus.request('auth.login', { email: 'leaving@example.com', password: PASSWORD }),
  ).rejects.toMatchObject({ status: 401 });
});

test('a deletion whose event could not be emitted is emitted by the sweep', async () => {
  const userId = await register('redis-down@example.com');
  const emit = jest.spyOn(app.get(MessageBus), 'emitEvent').mockRejectedValueOnce(new Error('Redis is down'));

  // The account is gone all the same: the pending deletion remembers the event owed.
  await expect(bus.request('auth.delete-user', { userId, password: PASSWORD })).resolves.toEqual({
    deleted: true,
  });
  expect(await count('users', 'id', userId)).toBe(0);
  emit.mockRestore();

  await eventually(async () => (await queuedFor(userId)) === subscribers.length);
  await eventually(async () => (await count('user_deletions', 'user_id', userId)) === 0);
});

test('a deletion committed just before a crash is emitted when the sweep finds it', async () => {
  const userId = crypto.randomUUID();
  await db.query('INSERT INTO auth.user_deletions (user_id) VALUES ($1)', [userId]);
  await eventually(async () => (await queuedFor(userId)) === subscribers.length);
  await eventually(async () => (await count('user_deletions', 'user_id', userId)) === 0);
});
