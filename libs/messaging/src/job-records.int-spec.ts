/**
 * purgeJobRecords on a real Redis: the job records (queued, delayed, completed, failed) and queue event
 * entries that hold a deleted subject's ids go from every queue under the prefix; finished records
 * naming the subject's words go too, queued ones of others that happen to use the same word stay, and
 * so do a user.deleted job still owed and every record of someone else.
 */
import { deleteRedisPrefix, testRedisPrefix, TEST_REDIS_URL } from '@starborn/testing';
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { DeletionFollowUps, deleteKeysNaming, purgeJobRecords } from './job-records.js';
import { coalesceWrites, createRedisConnection } from './redis.js';

const prefix = testRedisPrefix('job-records');
let redis: Redis;

beforeAll(async () => {
  redis = coalesceWrites(createRedisConnection({ url: TEST_REDIS_URL, prefix }, 'test'));
  await redis.ping();
});

afterAll(async () => {
  await redis.quit();
  await deleteRedisPrefix(prefix);
});

/** Every key and value under the prefix (hashes, lists, sets, sorted sets, streams) as one text. */
async function everything(): Promise<string> {
  const keys = await redis.keys(`${prefix}:*`);
  const texts: string[] = [];
  for (const key of keys) {
    const type = await redis.type(key);
    if (type === 'string') texts.push(key, String(await redis.get(key)));
    else if (type === 'hash') texts.push(key, JSON.stringify(await redis.hgetall(key)));
    else if (type === 'list') texts.push(key, ...(await redis.lrange(key, 0, -1)));
    else if (type === 'set') texts.push(key, ...(await redis.smembers(key)));
    else if (type === 'zset') texts.push(key, ...(await redis.zrange(key, 0, -1)));
    else if (type === 'stream') texts.push(key, JSON.stringify(await redis.xrange(key, '-', '+')));
    else texts.push(key);
  }
  return texts.join('\n');
}

it('removes every record naming the subject from every queue, and nothing else', async () => {
  const userId = crypto.randomUUID();
  const heroId = crypto.randomUUID().replaceAll('-', '');
  const otherHero = crypto.randomUUID().replaceAll('-', '');
  const connection = { host: '127.0.0.1', port: Number(new URL(TEST_REDIS_URL).port || 6379) };
  const events = new Queue('heroes.events', { connection, prefix });
  const jobs = new Queue('generation.hero', { connection, prefix });
  // Finished: one completed and one failed record naming the hero, in each queue.
  await events.add(
    'hero.generated',
    { heroId, backstory: 'Vesper rode the comet' },
    { jobId: `a.${heroId}` },
  );
  await events.add('hero.generated', { heroId: otherHero, backstory: 'another tale' }, { jobId: 'a.other' });
  await events.add('hero.renamed', { heroId: otherHero, name: 'Vesper Quillon' }, { jobId: 'b.other' });
  const worker = new Worker(
    'heroes.events',
    async (job) => {
      if (job.id === 'b.other') throw new Error(`story of Vesper Quillon failed`);
      return { done: job.data.heroId };
    },
    { connection, prefix },
  );
  await new Promise<void>((resolve) => {
    let finished = 0;
    const done = () => ++finished === 3 && resolve();
    worker.on('completed', done);
    worker.on('failed', done);
  });
  await worker.close();
  // Queued: a waiting and a delayed job of the user, someone else's naming the same word, and the
  // user's deletion still owed to a service.
  await jobs.add('generation.hero', { heroId, attempt: 1 }, { jobId: `hero.${heroId}.1` });
  await jobs.add('generation.hero', { heroId, attempt: 2 }, { jobId: `hero.${heroId}.2`, delay: 60_000 });
  await jobs.add('generation.hero', { heroId: otherHero, note: 'Vesper Quillon' }, { jobId: 'other' });
  await events.add('user.deleted', { userId }, { jobId: `user.deleted.${userId}` });
  expect(await everything()).toContain(heroId);

  const removed = await purgeJobRecords(redis, prefix, {
    ids: [userId, heroId],
    words: ['vesper quillon'],
  });

  const left = await everything();
  expect(left).not.toContain(heroId);
  // The word is left only in someone else's job still queued.
  expect(left.split('\n').filter((line) => line.includes('Vesper Quillon'))).toEqual([
    expect.stringContaining('"jobId\\":\\"other\\"'),
  ]);
  expect(removed.jobs).toBe(4);
  expect(removed.streamEntries).toBeGreaterThan(0);
  // Kept: someone else's records, and the deletion still owed.
  expect(await jobs.getJob('other')).toBeDefined();
  expect(await events.getJob('a.other')).toBeDefined();
  expect(await events.getJob(`user.deleted.${userId}`)).toBeDefined();
  // The caller's connection is still its own.
  expect(await redis.ping()).toBe('PONG');
  await Promise.all([events.close(), jobs.close()]);
});

it('deletes the per-user keys naming the id, and no queue key nor anyone else key', async () => {
  const userId = crypto.randomUUID();
  const other = crypto.randomUUID();
  await redis.set(`${prefix}:rate-limit:hero-generate:${userId}`, '3', 'EX', 60);
  await redis.set(`${prefix}:auth:sessions:{${userId}}:not-before`, '1', 'EX', 60);
  await redis.set(`${prefix}:rate-limit:hero-generate:${other}`, '1', 'EX', 60);
  const queue = new Queue('rooms.events', {
    connection: { host: '127.0.0.1', port: Number(new URL(TEST_REDIS_URL).port || 6379) },
    prefix,
  });
  await queue.add('user.deleted', { userId }, { jobId: `user.deleted.${userId}` });

  expect(await deleteKeysNaming(redis, prefix, [userId])).toBe(2);
  expect(await redis.keys(`${prefix}:*${userId}*`)).toEqual([
    `${prefix}:rooms.events:user.deleted.${userId}`,
  ]);
  expect(await redis.get(`${prefix}:rate-limit:hero-generate:${other}`)).toBe('1');
  await queue.close();
});

it('runs a deletion again after each follow-up delay, and drops those still due when stopped', async () => {
  const runs: number[] = [];
  const followUps = new DeletionFollowUps(() => undefined, [20, 60]);
  const started = Date.now();
  followUps.schedule('account', async () => void runs.push(Date.now() - started));
  expect(followUps.pending).toBe(2);
  await new Promise((resolve) => setTimeout(resolve, 40));
  followUps.stop();
  await new Promise((resolve) => setTimeout(resolve, 60));
  expect(runs).toHaveLength(1);
  expect(followUps.pending).toBe(0);
});
