/**
 * The gateway as an operator meets it: liveness and readiness apart from the full health report, the
 * Prometheus metrics on the ops port, and the queue dashboard behind the operator token. Runs the
 * gateway and the auth service on their own database and Redis prefix; the other services are down
 * on purpose (the gateway stays ready: its own dependencies answer).
 */
import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthModule } from '@starborn/auth';
import { JobQueues } from '@starborn/contracts';
import { createServiceApp, type OpsServer } from '@starborn/runtime';
import { TEST_REDIS_URL } from '@starborn/testing';
import { Queue } from 'bullmq';
import { listenOnLoopback, suiteEnv, type SuiteEnv } from '../__tests__/suite-env.js';
import { createGatewayApp } from '../app.js';

const OPERATOR_TOKEN = 'operator-token-0123456789-abcdefghijklmnop';
let suite: SuiteEnv;
let env: Record<string, string>;
let auth: INestMicroservice;
let gateway: NestFastifyApplication;
let ops: OpsServer;
let baseUrl: string;

beforeAll(async () => {
  suite = await suiteEnv('gwops');
  env = {
    ...suite.env,
    HEALTH_TIMEOUT_MS: '500',
    DB_POOL_SIZE: '2',
  };
  ({ app: auth } = await createServiceApp({ service: 'auth', module: AuthModule, env }));
  await auth.listen();
  const created = await createGatewayApp({ ...env, OPS_PORT: '0', OPERATOR_TOKEN });
  gateway = created.app;
  ops = created.ops!;
  baseUrl = await listenOnLoopback(gateway);
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await auth?.close();
  await suite?.cleanUp();
});

const get = async (url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(url, { headers });
  const body = await response.text();
  return { status: response.status, headers: response.headers, body };
};
const opsUrl = (path: string) => `http://127.0.0.1:${ops.port}${path}`;
const basic = (password: string, user = 'operator') =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('gateway health: liveness apart from readiness', () => {
  it('is alive and ready while PostgreSQL and Redis answer, though services are down', async () => {
    const live = await get(`${baseUrl}/api/health/live`);
    expect(live.status).toBe(200);
    expect(JSON.parse(live.body)).toMatchObject({ status: 'ok' });

    const ready = await get(`${baseUrl}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toMatchObject({
      status: 'ok',
      checks: { postgres: { status: 'ok' }, redis: { status: 'ok' } },
    });

    // The full report still names every service, and heroes (not started here) is down.
    const full = await get(`${baseUrl}/api/health`);
    expect(full.status).toBe(503);
    const report = JSON.parse(full.body);
    expect(report.checks.services.auth.status).toBe('ok');
    expect(report.checks.services.heroes.status).toBe('down');
  });

  it('serves the same liveness and readiness on the ops port', async () => {
    expect((await get(opsUrl('/livez'))).status).toBe(200);
    const ready = await get(opsUrl('/readyz'));
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toMatchObject({
      service: 'gateway',
      status: 'ok',
      checks: { postgres: { status: 'ok' }, redis: { status: 'ok' } },
    });
    // Nothing else on the ops port, and no metrics on the public one.
    expect((await get(opsUrl('/api/health'))).status).toBe(404);
    expect((await get(`${baseUrl}/metrics`)).status).toBe(404);
  });

  it('is not ready when PostgreSQL does not answer, and stays alive', async () => {
    const { app, ops: broken } = await createGatewayApp({
      ...env,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nothing',
      OPS_PORT: '0',
    });
    try {
      await app.init();
      await app.getHttpAdapter().getInstance().ready();
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'down', checks: { postgres: { status: 'down' } } });
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      const readyz = await get(`http://127.0.0.1:${broken!.port}/readyz`);
      expect(readyz.status).toBe(503);
      expect((await get(`http://127.0.0.1:${broken!.port}/livez`)).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('gateway metrics', () => {
  it('exports HTTP latency by route pattern, socket connections and process metrics', async () => {
    await get(`${baseUrl}/api/health/live`);
    await get(`${baseUrl}/api/heroes/not-a-hero`); // 401: a route pattern with a parameter
    const metrics = await get(opsUrl('/metrics'));
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(metrics.body).toMatch(
      /starborn_http_request_duration_seconds_count\{service="gateway",method="GET",route="\/api\/health\/live",status="200"\} [1-9]/,
    );
    expect(metrics.body).toMatch(/route="\/api\/heroes\/:[a-zA-Z]+",status="401"/);
    expect(metrics.body).not.toContain('not-a-hero');
    expect(metrics.body).toMatch(/starborn_socket_connections\{service="gateway"\} 0/);
    expect(metrics.body).toMatch(/process_resident_memory_bytes\{service="gateway"\} \d+/);
  });
});

describe('the queue dashboard', () => {
  it('asks for the operator token, and refuses a wrong one', async () => {
    const none = await get(`${baseUrl}/admin/queues`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic realm="Starborn operators"/);
    expect((await get(`${baseUrl}/admin/queues`, { authorization: basic('wrong') })).status).toBe(401);
    expect(
      (await get(`${baseUrl}/admin/queues/api/queues`, { authorization: `Bearer ${OPERATOR_TOKEN}x` }))
        .status,
    ).toBe(401);
  });

  it('shows every queue, with its jobs, to the operator', async () => {
    const queue = new Queue(JobQueues.heroGeneration.name, {
      connection: { url: TEST_REDIS_URL } as never,
      prefix: suite.prefix,
    });
    try {
      await queue.add(JobQueues.heroGeneration.name, { heroId: 'h1', attempt: 1 }, { jobId: 'board-job-1' });
      const page = await get(`${baseUrl}/admin/queues`, { authorization: basic(OPERATOR_TOKEN) });
      expect(page.status).toBe(200);
      expect(page.body).toContain('<base href="/admin/queues/"');
      const api = await get(`${baseUrl}/admin/queues/api/queues?activeQueue=generation.hero&status=waiting`, {
        authorization: `Bearer ${OPERATOR_TOKEN}`,
      });
      expect(api.status).toBe(200);
      const { queues } = JSON.parse(api.body) as {
        queues: { name: string; counts: Record<string, number>; jobs: { id: string }[] }[];
      };
      const names = queues.map((q) => q.name);
      expect(names).toEqual(
        expect.arrayContaining(['auth.commands', 'heroes.events', 'generation.hero', 'generation.chapter']),
      );
      const hero = queues.find((q) => q.name === 'generation.hero')!;
      expect(hero.counts.waiting).toBe(1);
      expect(hero.jobs.map((job) => job.id)).toEqual(['board-job-1']);
    } finally {
      await queue.close();
    }
  });

  it('does not exist without OPERATOR_TOKEN', async () => {
    const { app } = await createGatewayApp({ ...env, OPERATOR_TOKEN: '' });
    try {
      await app.init();
      await app.getHttpAdapter().getInstance().ready();
      const page = await app.inject({
        method: 'GET',
        url: '/admin/queues',
        headers: { authorization: basic(OPERATOR_TOKEN) },
      });
      expect(page.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('correlation ids', () => {
  it('answers with the request id, which names the request in the logs', async () => {
    const response = await fetch(`${baseUrl}/api/health/live`, { headers: { 'x-request-id': 'ops-corr-1' } });
    expect(response.headers.get('x-request-id')).toBe('ops-corr-1');
  });
});
