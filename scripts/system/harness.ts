/**
 * The whole of Starborn as real processes on loopback, for the system suites (`npm run test:system`):
 * every service started from its built `dist/main.js` — two gateway instances and two generation
 * workers by default, one of each other service — on a PostgreSQL database and a Redis prefix of its
 * own, which are removed again when the system stops (also after a failure).
 *
 * Each process gets an ops port (`/readyz`), so "up" means every process is ready, not only that one
 * of several replicas answers. Output goes to `.ci-reports/system/<service>-<n>.log`.
 */
import {
  deleteRedisPrefix,
  dropDatabase,
  testDatabase,
  testRedisPrefix,
  TEST_REDIS_URL,
} from '@starborn/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const SERVICE_NAMES = [
  'auth',
  'heroes',
  'generation',
  'payments',
  'storybook',
  'rooms',
  'gateway',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

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
  child?: ChildProcess;
  /** Resolves with the exit code (or signal) when the current child exits. */
  exited?: Promise<number | NodeJS.Signals>;
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

const running = new Set<ChildProcess>();
let exitHookInstalled = false;
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // A runner that is interrupted does not leave services behind.
  process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

/** Ports handed out by this process, never handed out twice. */
const handedOut = new Set<number>();

/**
 * A free port for a server of the system. Chosen below the kernel's ephemeral range (32768 and up on
 * Linux), where the outgoing connections of every process take their local ports: a port picked there
 * could be taken by a client connection between this check and the server's listen.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (handedOut.has(port)) continue;
    if (await canListen(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error('No free port found for the system under test');
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolveListen) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolveListen(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolveListen(true)));
  });
}

const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

async function answers(url: string, timeoutMs = 2_000): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

export async function startSystem(options: SystemOptions = {}): Promise<System> {
  const label = options.label ?? 'system';
  const missing = SERVICE_NAMES.filter(
    (name) => !existsSync(join(REPO_ROOT, 'services', name, 'dist', 'main.js')),
  );
  if (missing.length > 0) {
    throw new Error(
      `No build of ${missing.join(', ')}: run \`npx nx run-many -t build --exclude=web\` first.`,
    );
  }
  installExitHook();
  mkdirSync(LOG_DIR, { recursive: true });

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
        logFile: join(LOG_DIR, `${name}.log`),
      });
    }
  }
  // The runner's own Node options (e.g. --experimental-vm-modules under Jest) are not the services'.
  const baseEnv = { ...process.env };
  delete baseEnv.NODE_OPTIONS;

  const launch = (proc: ServiceProcess, append: boolean) => {
    const fd = openSync(proc.logFile, append ? 'a' : 'w');
    const child = spawn(process.execPath, [join('services', proc.service, 'dist', 'main.js')], {
      cwd: REPO_ROOT,
      env: {
        ...baseEnv,
        ...env,
        ...options.instanceEnv?.(proc.service, proc.index),
        OPS_PORT: String(proc.opsPort),
        ...(proc.port !== undefined ? { PORT: String(proc.port) } : {}),
      },
      stdio: ['ignore', fd, fd],
    });
    closeSync(fd);
    running.add(child);
    proc.child = child;
    proc.exited = new Promise((resolveExit) => {
      child.once('exit', (code, signal) => {
        running.delete(child);
        resolveExit(code ?? signal ?? 0);
      });
    });
  };

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
        if (proc.child?.exitCode !== null || proc.child?.signalCode !== null) {
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
        const child = proc.child;
        if (!child || child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await proc.exited;
        clearTimeout(timer);
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
      if (!proc.child || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
      proc.child.kill(signal);
      await proc.exited;
    },
    async restart(service, index = 0) {
      const proc = find(service, index);
      if (proc.child && proc.child.exitCode === null && proc.child.signalCode === null) {
        throw new Error(`${proc.name} is still running`);
      }
      launch(proc, true);
      await waitReady([proc], options.startTimeoutMs ?? 90_000);
    },
    async healthy() {
      const ready = await Promise.all(
        processes.map(
          (proc) =>
            proc.child?.exitCode === null &&
            proc.child.signalCode === null &&
            answers(`http://127.0.0.1:${proc.opsPort}/readyz`),
        ),
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
