/**
 * Account deletion in auth, on real PostgreSQL and Redis: the password decides; the user and their
 * support requests go in one transaction with a pending deletion, and `user.deleted` lands on every
 * subscriber's event queue. A deletion whose event could not be emitted (Redis unreachable, or a
 * crash between the commit and the emit) is emitted by the sweep.
 */
import { jest } from '@jest/globals';
import { messages, QueueNames, type EventDefinition } from '@starborn/contracts';
import { createRedisConnection, MessageBus } from '@starborn/messaging';
import { errorOf, eventually, TEST_REDIS_URL } from '@starborn/testing';
import { Queue } from 'bullmq';
import { AuthHarness } from '../__tests__/harness.js';

const h = AuthHarness.forFile('auth-deletion', { USER_DELETION_REEMIT_INTERVAL_MS: '200' }, 10_000);
const PASSWORD = 'correct horse battery';
const subscribers = (messages['user.deleted'] as EventDefinition).subscribers;
let connection: ReturnType<typeof createRedisConnection>;
let eventQueues: Queue[];

const register = async (email: string) =>
  (await h.bus.request('auth.register', { name: 'Nova', email, password: PASSWORD })).user.id;
const count = async (table: string, column: string, userId: string) =>
  (await h.db.query(`SELECT count(*)::int AS n FROM auth.${table} WHERE ${column} = $1`, [userId])).rows[0].n;
/** The subscribers that have the event of this deletion on their queue. */
const queuedFor = async (userId: string) => {
  const jobs = await Promise.all(eventQueues.map((queue) => queue.getJob(`user.deleted.${userId}`)));
  return jobs.filter((job) => job?.data.data.userId === userId).length;
};

beforeAll(async () => {
  connection = createRedisConnection({ url: TEST_REDIS_URL, prefix: h.prefix }, 'test:events');
  eventQueues = subscribers.map(
    (service) => new Queue(QueueNames.events(service), { connection, prefix: h.prefix }),
  );
});

afterAll(async () => {
  await Promise.all((eventQueues ?? []).map((queue) => queue.close()));
  await connection?.quit();
});

test('every service that holds user data subscribes to user.deleted', () => {
  expect([...subscribers].sort()).toEqual(['heroes', 'payments', 'rooms', 'storybook']);
});

test('a wrong or missing password deletes nothing', async () => {
  const userId = await register('wrong-password@example.com');
  expect(
    await errorOf(h.bus.request('auth.delete-user', { userId, password: 'not my password' })),
  ).toMatchObject({
    status: 400,
    code: 'INVALID_CREDENTIALS',
    message: 'Your current password is incorrect.',
  });
  expect(await errorOf(h.bus.request('auth.delete-user', { userId, password: '' }))).toMatchObject({
    status: 400,
    message: 'Please enter your current password',
  });
  expect(await count('users', 'id', userId)).toBe(1);
  expect(await queuedFor(userId)).toBe(0);
});

test('the account and its support requests go, and user.deleted reaches every subscriber', async () => {
  const userId = await register('leaving@example.com');
  await h.bus.request('auth.create-support-request', {
    name: 'Nova',
    email: 'leaving@example.com',
    subject: 'Hello',
    message: 'A question',
    category: 'account',
    userId,
  });

  await expect(h.bus.request('auth.delete-user', { userId, password: PASSWORD })).resolves.toEqual({
    deleted: true,
  });

  expect(await count('users', 'id', userId)).toBe(0);
  expect(await count('support_requests', 'user_id', userId)).toBe(0);
  expect(await count('user_deletions', 'user_id', userId)).toBe(0);
  expect(await queuedFor(userId)).toBe(subscribers.length);
  // The account no longer exists: its token's session has ended, and so has a second deletion.
  expect(await errorOf(h.bus.request('auth.get-user', { userId }))).toMatchObject({ status: 401 });
  expect(await errorOf(h.bus.request('auth.delete-user', { userId, password: PASSWORD }))).toMatchObject({
    status: 401,
  });
  await expect(
    h.bus.request('auth.login', { email: 'leaving@example.com', password: PASSWORD }),
  ).rejects.toMatchObject({ status: 401 });
});

test('a deletion whose event could not be emitted is emitted by the sweep', async () => {
  const userId = await register('redis-down@example.com');
  const emit = jest
    .spyOn(h.app.get(MessageBus), 'emitEvent')
    .mockRejectedValueOnce(new Error('Redis is down'));

  // The account is gone all the same: the pending deletion remembers the event owed.
  await expect(h.bus.request('auth.delete-user', { userId, password: PASSWORD })).resolves.toEqual({
    deleted: true,
  });
  expect(await count('users', 'id', userId)).toBe(0);
  emit.mockRestore();

  await eventually(async () => (await queuedFor(userId)) === subscribers.length);
  await eventually(async () => (await count('user_deletions', 'user_id', userId)) === 0);
});

test('a deletion committed just before a crash is emitted when the sweep finds it', async () => {
  const userId = crypto.randomUUID();
  await h.db.query('INSERT INTO auth.user_deletions (user_id) VALUES ($1)', [userId]);
  await eventually(async () => (await queuedFor(userId)) === subscribers.length);
  await eventually(async () => (await count('user_deletions', 'user_id', userId)) === 0);
});
