// What the benches that run the built services as child processes share: their own database, Redis
// prefix and temp dir, the processes (an unexpected exit fails the run), the services' environment,
// the wait for the gateway, JSON calls to the API, and the clean-up (also on Ctrl-C).
/* global AbortSignal */
import { Redis } from 'ioredis';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  StackProcess,
  checkBackingServices,
  freePort,
  missingBuilds,
  serviceEnv,
  serviceScript,
} from '../../scripts/lib/stack.mjs';
import { machineInfo } from './harness.mjs';
import { deleteRedisPrefix } from './system.mjs';

export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const STARTUP_TIMEOUT_MS = 180_000;

const log = (line) => process.stderr.write(`${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A JSON call to the API: `{ status, body }` (body null when the answer is not JSON); a status not in
 * `expect` throws with the start of the answer.
 */
export async function apiCall(base, method, route, { token, body, expect = [200], signal } = {}) {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal,
  });
  const text = await response.text();
  if (!expect.includes(response.status))
    throw new Error(`${method} ${route}: HTTP ${response.status} ${text.slice(0, 400)}`);
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON (or empty): the caller gets null
  }
  return { status: response.status, body: json };
}

/** The body of an apiCall. */
export async function api(base, method, route, options) {
  return (await apiCall(base, method, route, options)).body;
}

/**
 * The services' environment: the bench's database, Redis prefix and temp dir, the local AI provider and
 * sign-up limits out of the way; `extra` on top.
 */
export function benchServiceEnv({ databaseName, redisPrefix, workDir }, extra = {}) {
  const database = new URL(POSTGRES_URL);
  database.pathname = `/${databaseName}`;
  return serviceEnv({
    NODE_ENV: 'test', // as the browser tests' server: no production secrets needed
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DATABASE_URL: database.toString(),
    REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    AUTH_KEYS_DIR: path.join(workDir, 'keys'),
    MEDIA_DIR: path.join(workDir, 'media'),
    RATE_LIMIT_REGISTER_PER_IP: '100000',
    RATE_LIMIT_REGISTER_ATTEMPTS_PER_IP: '100000',
    AI_PROVIDER: 'local',
    ...extra,
  });
}

/** One bench's stack, named by `tag` (its database, Redis prefix and temp dir carry it). */
export class BenchStack {
  constructor(tag) {
    this.tag = tag;
    this.suffix = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
    this.databaseName = `starborn_bench_${tag}_${this.suffix}`;
    this.redisPrefix = `sb-bench-${tag}-${this.suffix}`;
    /** Every process started, each with its `label`. */
    this.processes = [];
    /** Set when a process exits before the clean-up: the run fails with it. */
    this.error = null;
    this.stopping = false;
  }

  throwIfFailed() {
    if (this.error) throw this.error;
  }

  /** A process of this bench (the launcher in scripts/lib/stack.mjs); an unexpected exit fails the run. */
  startProcess(label, args, env) {
    const proc = new StackProcess({
      name: label,
      args,
      env,
      onUnexpectedExit: (stopped, { code, signal }) => {
        if (this.stopping || this.error) return;
        this.error = new Error(
          `${label} exited unexpectedly (code ${code}, signal ${signal}); last output:\n${stopped.tail.slice(-20).join('\n')}`,
        );
      },
    });
    proc.label = label;
    this.processes.push(proc);
    return proc;
  }

  /** A built service, named `label` (default: the service's name). */
  startService(service, env, label = service) {
    return this.startProcess(label, [serviceScript(service)], env);
  }

  /** The services' environment for this stack (benchServiceEnv); `extra` on top. */
  env(extra = {}) {
    return benchServiceEnv(this, extra);
  }

  /** Waits until the gateway answers and reports PostgreSQL and each of the `backend` services healthy. */
  async waitForGateway(base, backend) {
    const deadline = Date.now() + STARTUP_TIMEOUT_MS;
    let last = 'no answer';
    while (Date.now() < deadline) {
      this.throwIfFailed();
      try {
        const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) });
        const body = await response.json().catch(() => null);
        const down = backend.filter((name) => body?.checks?.services?.[name]?.status !== 'ok');
        if (body?.checks?.postgres?.status === 'ok' && down.length === 0) return;
        last = `waiting for ${down.join(', ') || 'postgres'}`;
      } catch (error) {
        last = error.message;
      }
      await sleep(500);
    }
    throw new Error(`${base} was not ready within ${STARTUP_TIMEOUT_MS} ms: ${last}`);
  }

  /**
   * The gateway alone, serving the built web app `webDistDir`, for benches of the public pages, which need
   * nothing behind it: opens the stack, creates the database (auth would, but does not run), starts the
   * gateway on a free port and waits for its health (PostgreSQL and Redis). Resolves with its base URL.
   */
  async startGatewayAlone(webDistDir) {
    await this.open(['gateway']);
    await this.admin.query(`CREATE DATABASE ${pg.escapeIdentifier(this.databaseName)}`);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    this.startService('gateway', this.env({ PORT: String(port), WEB_DIST_DIR: webDistDir }));
    await this.waitForGateway(base, []);
    return base;
  }

  /**
   * Checks the builds of `services` and the backing PostgreSQL and Redis, makes the temp dir and the admin
   * connections (`admin`, `redis`), and cleans up on SIGINT/SIGTERM too. `beforeStop` closes what the
   * bench opened itself before the processes stop.
   */
  async open(services, beforeStop = async () => undefined) {
    const missing = missingBuilds(services);
    if (missing.length > 0)
      throw new Error(`Build first (npx nx run-many -t build --exclude=web): missing ${missing.join(', ')}`);
    const problems = await checkBackingServices({ DATABASE_URL: POSTGRES_URL, REDIS_URL });
    if (problems.length > 0) throw new Error(problems.join('\n'));

    this.workDir = mkdtempSync(path.join(os.tmpdir(), `starborn-bench-${this.tag}-`));
    this.admin = new pg.Client({ connectionString: POSTGRES_URL });
    await this.admin.connect();
    this.redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    this.beforeStop = beforeStop;
    for (const signal of ['SIGINT', 'SIGTERM']) {
      process.once(signal, () => {
        log(`\n${signal}: cleaning up…`);
        this.cleanUp().finally(() => process.exit(130));
      });
    }
  }

  /** The machine, with the versions of this stack's Redis and PostgreSQL; `extra` on top. */
  async machineInfo(extra = {}) {
    const info = await this.redis.info('server');
    const pgVersion = (await this.admin.query('SHOW server_version')).rows[0].server_version;
    return machineInfo({
      redis: /redis_version:(\S+)/.exec(info)?.[1] ?? 'unknown',
      postgres: pgVersion,
      ...extra,
    });
  }

  /** Stops the processes and removes the database, the Redis keys and the temp dir; once. */
  async cleanUp() {
    if (this.stopping || !this.admin) return;
    this.stopping = true;
    await this.beforeStop();
    await Promise.all(this.processes.map((proc) => proc.stop({ graceMs: 20_000 })));
    await this.admin
      .query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(this.databaseName)} WITH (FORCE)`)
      .catch((error) => log(`Could not drop ${this.databaseName}: ${error.message}`));
    await this.admin.end().catch(() => undefined);
    const deleted = await deleteRedisPrefix(this.redis, this.redisPrefix).catch(() => 0);
    this.redis.disconnect();
    rmSync(this.workDir, { recursive: true, force: true });
    log(`Cleaned up: database ${this.databaseName}, ${deleted} Redis keys, temp dir`);
  }

  /** Runs the bench's `main`, cleans up whatever happens, and exits: 0, or 1 with the error. */
  run(main) {
    const runAndCleanUp = async () => {
      try {
        await main();
      } finally {
        await this.cleanUp();
      }
    };
    runAndCleanUp().then(
      () => setTimeout(() => process.exit(0), 2_000).unref(),
      (error) => {
        log(`${this.tag} bench failed: ${error.stack ?? error.message}`);
        process.exit(1);
      },
    );
  }
}
