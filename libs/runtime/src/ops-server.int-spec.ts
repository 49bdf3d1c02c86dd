/**
 * The operations listener on real Redis and PostgreSQL: liveness, readiness (and draining), metrics
 * of the queues a process consumes; and, in the messaging layer below it, a job that runs in the
 * correlation context it was added in, timed and counted per queue, drained on shutdown.
 */
import { createJobWorker, currentMeta, drainWorkers, JobQueue, runWithMeta } from '@starborn/messaging';
import {
  deleteRedisPrefix,
  eventually,
  testRedisPrefix,
  TEST_POSTGRES_URL,
  TEST_REDIS_URL,
} from '@starborn/testing';
import pg from 'pg';
import { pino } from 'pino';
import { createProbeRedis, OpsServer, pingRedis, registerProcessMetrics } from './ops-server.js';

const prefix = testRedisPrefix('ops');
const logger = pino({ level: 'silent' });
const definition = { name: 'ops.test', attempts: 1, backoffMs: 0, maxStalledCount: 1 };
const redis = createProbeRedis(TEST_REDIS_URL, `${prefix}:ops`);
let ops: OpsServer;
let closeMetrics: () => Promise<void>;

beforeAll(async () => {
  closeMetrics = registerProcessMetrics('ops-test', redis);
  ops = new OpsServer({
    service: 'ops-test',
    port: 0,
    host: '127.0.0.1',
    logger,
    checks: {
      redis: (signal) => pingRedis(redis, signal),
      postgres: async () => {
        const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
        await client.connect();
        try {
          await client.query('SELECT 1');
        } finally {
          await client.end();
        }
      },
    },
  });
  await ops.start();
});

afterAll(async () => {
  await ops.close();
  await closeMetrics();
  redis.disconnect();
  await deleteRedisPrefix(prefix);
});

const get = async (path: string, server = ops) => {
  const response = await fetch(`http://127.0.0.1:${server.port}${path}`);
  return { status: response.status, text: await response.text() };
};

describe('the operations listener', () => {
  it('is alive, and ready while Redis and PostgreSQL answer', async () => {
    expect((await get('/livez')).status).toBe(200);
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toMatchObject({
      service: 'ops-test',
      status: 'ok',
      checks: { redis: { status: 'ok' }, postgres: { status: 'ok' } },
    });
    expect((await get('/nothing')).status).toBe(404);
  });

  it('is not ready when Redis does not answer, and says why; alive all the same', async () => {
    const dead = createProbeRedis('redis://127.0.0.1:1', 'dead');
    const broken = new OpsServer({
      service: 'broken',
      port: 0,
      host: '127.0.0.1',
      logger,
      timeoutMs: 500,
      checks: { redis: (signal) => pingRedis(dead, signal) },
    });
    await broken.start();
    try {
      const ready = await get('/readyz', broken);
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.text)).toMatchObject({ status: 'down', checks: { redis: { status: 'down' } } });
      expect((await get('/livez', broken)).status).toBe(200);
    } finally {
      await broken.close();
      dead.disconnect();
    }
  });
});

describe('a Redis check that gives up', () => {
  it('stops waiting for the connection at once (a wait longer than the test would time it out)', async () => {
    const dead = createProbeRedis('redis://127.0.0.1:1', 'dead-abandoned');
    const abandoned = new AbortController();
    try {
      const ping = pingRedis(dead, abandoned.signal, 600_000);
      abandoned.abort();
      await expect(ping).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      dead.disconnect();
    }
  });
});

describe('jobs: correlation, metrics, draining', () => {
  it('runs a job in the context it was added in, counts it, and finishes it before shutdown completes', async () => {
    const seen: (string | undefined)[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const queue = new JobQueue<{ kind: string }>(definition, { url: TEST_REDIS_URL, prefix });
    const worker = createJobWorker<{ kind: string }>(
      definition,
      async (job) => {
        seen.push(currentMeta()?.correlationId);
        if (job.data.kind === 'fail') throw new Error('refused');
        if (job.data.kind === 'hold') await held;
      },
      { url: TEST_REDIS_URL, prefix },
    );
    try {
      await runWithMeta({ correlationId: 'corr-ok' }, () => queue.add({ kind: 'ok' }, 'j-ok'));
      await runWithMeta({ correlationId: 'corr-fail' }, () => queue.add({ kind: 'fail' }, 'j-fail'));
      await queue.add({ kind: 'plain' }, 'j-plain'); // added outside any request: named after itself
      await eventually(() => seen.length === 3);
      expect(seen).toEqual(['corr-ok', 'corr-fail', 'job:ops.test:j-plain']);

      const metrics = (await get('/metrics')).text;
      expect(metrics).toMatch(
        /starborn_job_duration_seconds_count\{[^}]*queue="ops.test"[^}]*outcome="completed"[^}]*\} 2/,
      );
      expect(metrics).toMatch(/starborn_job_failures_total\{[^}]*queue="ops.test"[^}]*\} 1/);
      expect(metrics).toMatch(/starborn_queue_jobs\{queue="ops.test",state="failed",service="ops-test"\} 1/);

      // A job in flight when shutdown begins: draining waits for it, and takes nothing new.
      await queue.add({ kind: 'hold' }, 'j-hold');
      await eventually(() => seen.length === 4);
      let drained = false;
      const draining = drainWorkers().then(() => (drained = true));
      await queue.add({ kind: 'ok' }, 'j-after');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(drained).toBe(false);
      release();
      await draining;
      expect(seen).toHaveLength(4);
      expect(await queue.waitingCount()).toBe(1);
    } finally {
      release();
      await worker.close();
      await queue.close();
    }
  });
});
