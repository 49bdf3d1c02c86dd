import { consumedQueues } from '@starborn/messaging';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger as PinoLogger } from 'pino';
import { collectDefaultMetrics, Gauge, register } from 'prom-client';

/**
 * One readiness check: resolves when the dependency answers. `signal` aborts once the check has timed
 * out, so a check that waits stops waiting (and leaves no timer behind).
 */
export type ReadinessCheck = (signal: AbortSignal) => Promise<unknown>;

export interface OpsServerOptions {
  service: string;
  port: number;
  host: string;
  logger: PinoLogger;
  /** Named dependencies that must answer for the process to be ready (database, Redis). */
  checks: Record<string, ReadinessCheck>;
  /** Per check; a check that takes longer counts as down. */
  timeoutMs?: number;
}

export interface ReadinessReport {
  status: 'ok' | 'down' | 'draining';
  checks: Record<string, { status: 'ok' | 'down'; latencyMs: number; error?: string }>;
}

/**
 * The operations listener of a process, on a port of its own that is never published (OPS_PORT):
 *
 * - `GET /livez`: 200 while the process runs its event loop (answering at all is the proof). For
 *   liveness probes: a database outage must not restart every pod.
 * - `GET /readyz`: 200 when every dependency answers (PostgreSQL, Redis), 503 otherwise and from the
 *   moment the process starts shutting down (so the load balancer stops sending it work).
 * - `GET /metrics`: Prometheus text format, prom-client's default registry.
 */
export class OpsServer {
  private server?: Server;
  private draining = false;

  constructor(private readonly options: OpsServerOptions) {}

  /** The port listened on (useful with OPS_PORT=0). */
  get port(): number {
    return (this.server?.address() as AddressInfo | null)?.port ?? 0;
  }

  /** From now on /readyz answers 503: the process is going away. */
  setDraining(): void {
    this.draining = true;
  }

  async start(): Promise<void> {
    const server = createServer((request, response) => {
      void this.handle(request.method ?? 'GET', (request.url ?? '/').split('?')[0]).then(
        ({ status, type, body }) => {
          response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
          response.end(request.method === 'HEAD' ? undefined : body);
        },
        (error: Error) => {
          response.writeHead(500, { 'content-type': 'text/plain' });
          response.end(error.message);
        },
      );
    });
    // Probes and scrapes are short; keep-alive connections must not hold shutdown up.
    server.keepAliveTimeout = 1_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port, this.options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.options.logger.info({ port: this.port }, 'operations listener on /livez, /readyz, /metrics');
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  async readiness(): Promise<ReadinessReport> {
    const names = Object.keys(this.options.checks);
    const results = await Promise.all(
      names.map((name) => timedCheck(this.options.checks[name], this.options.timeoutMs ?? 2_000)),
    );
    const checks = Object.fromEntries(names.map((name, i) => [name, results[i]]));
    const down = results.some((result) => result.status !== 'ok');
    return { status: this.draining ? 'draining' : down ? 'down' : 'ok', checks };
  }

  private async handle(method: string, path: string) {
    if (method !== 'GET' && method !== 'HEAD') return text(405, 'method not allowed');
    switch (path) {
      case '/livez':
        return json(200, { status: 'ok', service: this.options.service, uptimeSeconds: process.uptime() });
      case '/readyz': {
        const report = await this.readiness();
        return json(report.status === 'ok' ? 200 : 503, { service: this.options.service, ...report });
      }
      case '/metrics':
        return { status: 200, type: register.contentType, body: await register.metrics() };
      default:
        return text(404, 'not found');
    }
  }
}

async function timedCheck(check: ReadinessCheck, timeoutMs: number) {
  const started = performance.now();
  const latency = () => Math.round((performance.now() - started) * 10) / 10;
  const abandoned = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(abandoned.signal),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { status: 'ok' as const, latencyMs: latency() };
  } catch (error) {
    return { status: 'down' as const, latencyMs: latency(), error: (error as Error).message };
  } finally {
    clearTimeout(timer);
    abandoned.abort();
  }
}

const json = (status: number, body: unknown) => ({
  status,
  type: 'application/json; charset=utf-8',
  body: JSON.stringify(body),
});
const text = (status: number, body: string) => ({ status, type: 'text/plain; charset=utf-8', body });

/**
 * A Redis connection for readiness checks: fails at once while Redis is away instead of queueing
 * commands (BullMQ's connections wait through outages, which is right for work, wrong for a probe).
 */
export function createProbeRedis(url: string, name: string): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2_000,
    connectionName: name,
    // A probe has nothing to flush: closing destroys its socket at once. With the default (2 s), closing
    // while Redis is away keeps a timer waiting for a 'close' the socket, gone already, never sends again.
    disconnectTimeout: 0,
  });
  redis.on('error', () => undefined); // reported by the readiness check
  return redis;
}

export async function pingRedis(redis: Redis, signal?: AbortSignal, waitMs = 1_000): Promise<void> {
  // Just started (or reconnecting): give the connection a moment rather than failing at once, unless
  // the check has given up already.
  if (redis.status !== 'ready' && !signal?.aborted) {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        redis.off('ready', done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, waitMs);
      redis.once('ready', done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }
  signal?.throwIfAborted();
  const answer = await redis.ping();
  if (answer !== 'PONG') throw new Error(`PING answered ${answer}`);
}

let defaultsCollected = false;

/**
 * Process metrics (CPU, memory, event-loop lag, GC) with the service's name on every series, and
 * the depth of the queues this process consumes, read from Redis at each scrape:
 * `starborn_queue_jobs{queue, state=waiting|active|delayed|failed}`. Every replica of a service reports
 * the same numbers for its queues; aggregate them with max by (queue, state).
 */
export function registerProcessMetrics(service: string, redis: Redis): () => Promise<void> {
  register.setDefaultLabels({ service });
  if (!defaultsCollected) {
    collectDefaultMetrics({ eventLoopMonitoringPrecision: 20 });
    defaultsCollected = true;
  }
  const queues = new Map<string, Queue>();
  const queueFor = (name: string, prefix: string) => {
    const key = `${prefix}:${name}`;
    let queue = queues.get(key);
    if (!queue) {
      queue = new Queue(name, { connection: redis, prefix });
      queue.on('error', () => undefined);
      queues.set(key, queue);
    }
    return queue;
  };
  const existing = register.getSingleMetric('starborn_queue_jobs');
  if (existing) register.removeSingleMetric('starborn_queue_jobs');
  new Gauge({
    name: 'starborn_queue_jobs',
    help: 'Jobs in a BullMQ queue this process consumes, by state (waiting, active, delayed, failed)',
    labelNames: ['queue', 'state'] as const,
    async collect() {
      this.reset();
      await Promise.all(
        [...consumedQueues].map(async ([name, prefix]) => {
          const counts = await queueFor(name, prefix)
            .getJobCounts('waiting', 'active', 'delayed', 'failed')
            .catch(() => undefined);
          if (!counts) return;
          for (const [state, count] of Object.entries(counts)) this.set({ queue: name, state }, count);
        }),
      );
    },
  });
  return async () => {
    await Promise.all([...queues.values()].map((queue) => queue.close().catch(() => undefined)));
    queues.clear();
  };
}
