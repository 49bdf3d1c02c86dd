import { deleteRedisPrefix, testRedisPrefix, TEST_REDIS_URL } from '@starborn/testing';
import type { Redis } from 'ioredis';
import { coalesceWrites, createRedisConnection } from './redis.js';

const prefix = testRedisPrefix('coalesce');
let redis: Redis;

/** How many writes the connection's socket makes (one per system call: write or writev). */
function countWrites(connection: Redis): () => number {
  const socket = connection.stream as unknown as {
    _write: (...args: unknown[]) => void;
    _writev: (...args: unknown[]) => void;
  };
  let writes = 0;
  for (const method of ['_write', '_writev'] as const) {
    const original = socket[method].bind(socket);
    socket[method] = (...args: unknown[]) => {
      writes += 1;
      original(...args);
    };
  }
  return () => writes;
}

beforeEach(async () => {
  redis = coalesceWrites(createRedisConnection({ url: TEST_REDIS_URL, prefix }, 'test'));
  await redis.ping();
});

afterEach(() => redis.quit());

afterAll(() => deleteRedisPrefix(prefix));

describe('coalesceWrites', () => {
  it('sends the commands given in one go in one write, each with its own answer', async () => {
    const writes = countWrites(redis);

    const answers = await Promise.all([
      redis.set(`${prefix}:a`, '1'),
      redis.incr(`${prefix}:n`),
      redis.incr(`${prefix}:n`),
      redis.get(`${prefix}:a`),
      redis.publish(`${prefix}:channel`, 'hello'),
    ]);

    expect(answers).toEqual(['OK', 1, 2, '1', 0]);
    expect(writes()).toBe(1);
  });

  it('sends the commands of separate callbacks in one turn of the event loop in one write', async () => {
    const writes = countWrites(redis);

    // Two timers due together run in one turn, each as its own callback, as the reads of two sockets do.
    const answers = await Promise.all(
      [1, 2].map(
        () =>
          new Promise((resolve, reject) =>
            setTimeout(() => redis.incr(`${prefix}:turn`).then(resolve, reject), 0),
          ),
      ),
    );

    expect(answers.sort()).toEqual([1, 2]);
    expect(writes()).toBe(1);
  });

  it('sends commands given apart in writes of their own, without holding any back', async () => {
    const writes = countWrites(redis);

    expect(await redis.incr(`${prefix}:m`)).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await redis.incr(`${prefix}:m`)).toBe(2);

    expect(writes()).toBe(2);
  });

  it('still fails a command that Redis refuses, alone', async () => {
    await redis.set(`${prefix}:text`, 'not a number');
    const [refused, counted] = await Promise.allSettled([
      redis.incr(`${prefix}:text`),
      redis.incr(`${prefix}:k`),
    ]);
    expect(refused.status).toBe('rejected');
    expect(counted).toEqual({ status: 'fulfilled', value: 1 });
  });
});
