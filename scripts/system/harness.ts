/**
 * The whole of Starborn as real processes on loopback, for the system suites (`npm run test:system`):
 * every service started from its built `dist/main.js` — two gateway instances and two generation
 * workers by default, one of each other service — on a PostgreSQL database and a Redis prefix of its
 * own, which are removed again when the system stops (also after a failure).
 *
 * Each process gets an ops port (`/readyz`), so "up" means every process is ready, not only that one
 * of several replicas answers. Output goes to `.ci-reports/system/<label>/<service>-<n>.log`.
 */
import { BACKEND_SERVICES, type ServiceName } from '@starborn/contracts';
import {
  deleteRedisPrefix,
  dropDatabase,
  testDatabase,
  testRedisPrefix,
  TEST_REDIS_URL,
} from '@starborn/testing';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  answers,
  freePort,
  missingBuilds,
  serviceEnv,
  startService,
  type StackProcess,
} from '../lib/stack.mjs';

export { freePort };

export type { ServiceName };

/** Every service, in the order they are launched: the gateway last, after what it calls. */
export const SERVICE_NAMES: readonly ServiceName[] = [...BACKEND_SERVICES, 'gateway'];

/** The repository root: the system suites run from it (npm scripts do). */
export const REPO_ROOT = process.cwd();
const LOG_DIR = resolve(REPO_ROOT, '.ci-reports', 'system');

export interface SystemOptions {
  /** Names the database and the Redis prefix (`starborn_<label>_…`, `sbt-<label>-…`). */
  label?: string;
  /** Instances per service; defaults: two gateways, two generation workers, one of every other. */
  instances?: Partial<Record<ServiceName, number>>;
  /** Extra or overriding environment for every process. */
  env?: Record<string, string>;
  /** Extra or overriding environment for one process (after `env`), e.g. to tell replicas apart. */
  instanceEnv?: (service: ServiceName, index: number) => Record<string, string> | undefined;
  /** How long to wait for every process to be ready. */
  startTimeoutMs?: number;
}

export interface ServiceProcess {
  service: ServiceName;
  index: number;
  /** `<service>-<index>`, also the log file's name. */
  name: string;
  /** HTTP port (gateways only). */
  port?: number;
  /** The ops listener (/livez, /readyz, /metrics). */
  opsPort: number;
  logFile: string;
  /** The current process (a restart replaces it), and its child process. */
  launched?: StackProcess;
  child?: ChildProcess;
}

export interface System {
  /** Base URLs of the gateway instances, e.g. http://127.0.0.1:41234 */
  gatewayUrls: string[];
  env: Record<string, string>;
  prefix: string;
  databaseUrl: string;
  databaseName: string;
  /** The media folder of the fs object storage (what a guessed URL would try to reach). */
  mediaDir: string;
  processes: ServiceProcess[];
  process(service: ServiceName, index?: number): ServiceProcess;
  /** Sends a signal to one process (e.g. SIGKILL for fault tests) and waits until it has exited. */
  kill(service: ServiceName, index?: number, signal?: NodeJS.Signals): Promise<void>;
  /** Starts a stopped process again and waits until it is ready. */
  restart(service: ServiceName, index?: number): Promise<void>;
  /** Whether every process is running and ready. */
  healthy(): Promise<boolean>;
  /** The last lines of every process's log, for failure messages. */
  logTail(lines?: number): string;
  /** Stops every process, drops the database, deletes the Redis prefix and the work folder. */
  stop(): Promise<void>;
}

const running = new Set<StackProcess>();
let exitHookInstalled = false;
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // A runner that is interrupted does not leave services behind.
  process.once('exit', () => {
    for (const proc of running) proc.kill('SIGKILL');
  });
}

const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

export async function startSystem(options: SystemOptions = {}): Promise<System> {
  const label = options.label ?? 'system';
  const missing = missingBuilds(SERVICE_NAMES, REPO_ROOT);
  if (missing.length > 0) {
    throw new Error(
      `No build of ${missing.join(', ')}: run \`npx nx run-many -t build --exclude=web\` first.`,
    );
  }
  installExitHook();
  // A folder per suite (its label): a suite's logs outlive the suites that run after it.
  const logDir = join(LOG_DIR, label);
  mkdirSync(logDir, { recursive: true });

  const database = testDatabase(label);
  const prefix = testRedisPrefix(label);
  const workDir = mkdtempSync(join(tmpdir(), `starborn-${label}-`));
  const mediaDir = join(workDir, 'media');
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    OPS_HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    AUTH_KEYS_DIR: join(workDir, 'keys'),
    MEDIA_DIR: mediaDir,
    WEB_DIST_DIR: join(workDir, 'no-web'),
    // A secret of this run only, as in production: the development default is public knowledge.
    MEDIA_URL_SECRET: randomBytes(32).toString('hex'),
    // The queue dashboard exists, so the suites can check that no user's token opens it.
    OPERATOR_TOKEN: randomBytes(32).toString('hex'),
    // Seven services and their replicas on one PostgreSQL: small pools.
    DB_POOL_SIZE: '4',
    // One core per generation worker (docs/decisions.md, "Generation capacity").
    GENERATION_THREADS: '1',
    UV_THREADPOOL_SIZE: '1',
    RATE_LIMIT_LOGIN_PER_IP: '10000',
    RATE_LIMIT_LOGIN_PER_EMAIL: '1000',
    RATE_LIMIT_REGISTER_PER_IP: '10000',
    RATE_LIMIT_REGISTER_ATTEMPTS_PER_IP: '10000',
    RATE_LIMIT_REGISTER_PER_EMAIL: '1000',
    RATE_LIMIT_SUPPORT_PER_IP: '10000',
    RATE_LIMIT_SUPPORT_PER_EMAIL: '1000',
    RATE_LIMIT_ROOM_MESSAGES: '1000',
    RATE_LIMIT_LOGIN_PER_EMAIL_IP: '1000',
    RATE_LIMIT_ROOM_CREATE: '10000',
    RATE_LIMIT_HERO_GENERATE: '10000',
    // The fuzz and load suites join rooms hundreds of times a minute from one account and one socket
    // (the join limits are proved by the gateway's rooms suite); the authorization matrix exports books.
    RATE_LIMIT_ROOM_JOINS_PER_SOCKET: '10000',
    RATE_LIMIT_ROOM_JOINS_PER_USER: '10000',
    RATE_LIMIT_BOOK_EXPORTS: '10000',
    // The fault suites retry payments through outages; payments-limits.system-spec sets its own.
    RATE_LIMIT_PAYMENT_INTENTS: '10000',
    RATE_LIMIT_PAYMENT_DECLINES: '10000',
    ...options.env,
  };

  const counts: Record<ServiceName, number> = {
    auth: 1,
    heroes: 1,
    generation: 2,
    payments: 1,
    storybook: 1,
    rooms: 1,
    gateway: 2,
    ...options.instances,
  };
  const processes: ServiceProcess[] = [];
  for (const service of SERVICE_NAMES) {
    for (let index = 0; index < counts[service]; index++) {
      const name = `${service}-${index}`;
      processes.push({
        service,
        index,
        name,
        port: service === 'gateway' ? await freePort() : undefined,
        opsPort: await freePort(),
        logFile: join(logDir, `${name}.log`),
      });
    }
  }
  const launch = (proc: ServiceProcess, append: boolean) => {
    const launched = startService(proc.service, {
      name: proc.name,
      cwd: REPO_ROOT,
      // The runner's own Node options (e.g. --experimental-vm-modules under Jest) are not the services'.
      env: serviceEnv(
        {
          ...env,
          ...options.instanceEnv?.(proc.service, proc.index),
          OPS_PORT: String(proc.opsPort),
          ...(proc.port !== undefined ? { PORT: String(proc.port) } : {}),
        },
        { dropNodeOptions: true },
      ),
      output: { file: proc.logFile, append },
    });
    running.add(launched);
    void launched.exited.then(() => running.delete(launched));
    proc.launched = launched;
    proc.child = launched.child;
  };
  const isRunning = (proc: ServiceProcess) => proc.launched?.running === true;

  const logTail = (lines = 15) =>
    processes
      .map((proc) => {
        let text: string;
        try {
          text = readFileSync(proc.logFile, 'utf8');
        } catch {
          return '';
        }
        const tail = text.trimEnd().split('\n').slice(-lines).join('\n');
        return tail ? `--- ${proc.name}\n${tail}` : '';
      })
      .filter(Boolean)
      .join('\n');

  const waitReady = async (targets: ServiceProcess[], timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    const pending = new Set(targets);
    while (pending.size > 0) {
      for (const proc of pending) {
        if (!isRunning(proc)) {
          throw new Error(`${proc.name} stopped while starting:\n${logTail(30)}`);
        }
        if (await answers(`http://127.0.0.1:${proc.opsPort}/readyz`)) pending.delete(proc);
      }
      if (pending.size === 0) break;
      if (Date.now() > deadline) {
        const names = [...pending].map((proc) => proc.name).join(', ');
        throw new Error(`Not ready within ${timeoutMs} ms: ${names}\n${logTail(30)}`);
      }
      await sleep(250);
    }
  };

  const gatewayUrls = processes
    .filter((proc) => proc.service === 'gateway')
    .map((proc) => `http://127.0.0.1:${proc.port}`);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await Promise.all(
      processes.map(async (proc) => {
        if (isRunning(proc)) await proc.launched!.stop({ graceMs: 10_000 });
      }),
    );
    await dropDatabase(database.name).catch(() => undefined);
    await deleteRedisPrefix(prefix).catch(() => undefined);
    rmSync(workDir, { recursive: true, force: true });
  };

  const find = (service: ServiceName, index = 0) => {
    const proc = processes.find((p) => p.service === service && p.index === index);
    if (!proc) throw new Error(`No process ${service}-${index}`);
    return proc;
  };

  const system: System = {
    gatewayUrls,
    env,
    prefix,
    databaseUrl: database.url,
    databaseName: database.name,
    mediaDir,
    processes,
    process: find,
    async kill(service, index = 0, signal = 'SIGKILL') {
      const proc = find(service, index);
      if (!isRunning(proc)) return;
      proc.launched!.kill(signal);
      await proc.launched!.exited;
    },
    async restart(service, index = 0) {
      const proc = find(service, index);
      if (isRunning(proc)) {
        throw new Error(`${proc.name} is still running`);
      }
      launch(proc, true);
      await waitReady([proc], options.startTimeoutMs ?? 90_000);
    },
    async healthy() {
      const ready = await Promise.all(
        processes.map((proc) => isRunning(proc) && answers(`http://127.0.0.1:${proc.opsPort}/readyz`)),
      );
      if (!ready.every(Boolean)) return false;
      const gateways = await Promise.all(gatewayUrls.map((url) => answers(`${url}/api/health`, 5_000)));
      return gateways.every(Boolean);
    },
    logTail,
    stop,
  };

  try {
    // Backends first: they create the database and migrate their schemas; then the gateways.
    const backends = processes.filter((proc) => proc.service !== 'gateway');
    backends.forEach((proc) => launch(proc, false));
    await waitReady(backends, options.startTimeoutMs ?? 90_000);
    const gateways = processes.filter((proc) => proc.service === 'gateway');
    gateways.forEach((proc) => launch(proc, false));
    await waitReady(gateways, options.startTimeoutMs ?? 90_000);
    // Every service answers through every gateway.
    const deadline = Date.now() + 30_000;
    for (const url of gatewayUrls) {
      while (!(await answers(`${url}/api/health`, 5_000))) {
        if (Date.now() > deadline) throw new Error(`${url}/api/health is not 200:\n${logTail(30)}`);
        await sleep(250);
      }
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return system;
}
