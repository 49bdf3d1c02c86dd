// The one launcher of Starborn's services as processes: `npm start`, the browser tests' server, the
// system suites, the benches and the deploy tests start, watch and stop them with it. Each caller
// keeps only its own settings (environment, instances, where the output goes, what "ready" means).
// Node built-ins only: `npm start` imports it right after installing.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const SERVICES = ['auth', 'heroes', 'generation', 'payments', 'storybook', 'rooms', 'gateway'];
const COLORS = [35, 36, 33, 34, 32, 31, 37]; // magenta, cyan, yellow, blue, green, red, white

/** The built entry point of a service. */
export const serviceScript = (service) => join('services', service, 'dist', 'main.js');

export function missingBuilds(services = SERVICES, root = REPO_ROOT) {
  return services.filter((name) => !existsSync(join(root, serviceScript(name))));
}

/**
 * The environment of a service process: this process's own, then `env` on top. `dropNodeOptions`
 * leaves out this process's NODE_OPTIONS (a test runner's flags, e.g. Jest's, are not the services').
 */
export function serviceEnv(env = {}, { dropNodeOptions = false } = {}) {
  const base = { ...process.env };
  if (dropNodeOptions) delete base.NODE_OPTIONS;
  return { ...base, ...env };
}

const sleep = (ms) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

/**
 * One child process (by default `node <script>`), watched:
 * - `output`: 'pipe' keeps its lines (the last `tailLines` in `tail`, each one to `onLine` listeners);
 *   { stream } writes them to `stream` prefixed with `[name] ` as well; { file, append } sends the
 *   output straight to a file (nothing kept in memory); 'capture' keeps all of stdout and stderr.
 * - `exited` resolves with { code, signal } once it has exited (`closed` once its output ended too).
 * - `onUnexpectedExit(process, { code, signal })` runs when it exits before `stop()` was asked for.
 * `env` is its whole environment (see serviceEnv).
 */
export class StackProcess {
  constructor({
    name,
    command = process.execPath,
    args = [],
    env,
    cwd = REPO_ROOT,
    output = 'pipe',
    tailLines = 200,
    color,
    onUnexpectedExit,
  }) {
    this.name = name;
    this.tail = [];
    this.stdout = '';
    this.stderr = '';
    this.running = true;
    this.stopping = false;
    this.listeners = new Set();
    let fd;
    if (typeof output === 'object' && output.file) fd = openSync(output.file, output.append ? 'a' : 'w');
    this.child = spawn(command, args, {
      cwd,
      env,
      stdio: fd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', fd, fd],
    });
    if (fd !== undefined) closeSync(fd);
    this.pid = this.child.pid;
    this.child.once('error', (error) => this.keep(`spawn error: ${error.message}`));
    this.exited = new Promise((resolveExit) => {
      this.child.once('exit', (code, signal) => {
        this.running = false;
        resolveExit({ code, signal });
        if (!this.stopping) onUnexpectedExit?.(this, { code, signal });
      });
    });
    this.closed = new Promise((resolveClose) => {
      this.child.once('close', (code, signal) => resolveClose({ code, signal }));
      this.child.once('error', (error) => resolveClose({ code: null, signal: null, error }));
    });
    if (fd !== undefined) return;
    if (output === 'capture') {
      this.child.stdout.on('data', (chunk) => (this.stdout += chunk.toString()));
      this.child.stderr.on('data', (chunk) => (this.stderr += chunk.toString()));
      return;
    }
    const stream = typeof output === 'object' ? output.stream : undefined;
    const prefix = stream?.isTTY && color ? `\x1b[${color}m[${name}]\x1b[0m ` : `[${name}] `;
    for (const source of [this.child.stdout, this.child.stderr]) {
      createInterface({ input: source }).on('line', (line) => {
        this.keep(line, tailLines);
        stream?.write(`${prefix}${line}\n`);
      });
    }
  }

  keep(line, tailLines = 200) {
    this.tail.push(line);
    if (this.tail.length > tailLines) this.tail.shift();
    for (const listener of this.listeners) listener(line);
  }

  /** Calls `listener` with every line it prints from now on; returns the unsubscribe. */
  onLine(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The first match of `pattern` in a line it prints; rejects when it exits first or time runs out. */
  waitForLine(pattern, timeoutMs) {
    return new Promise((resolveLine, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(new Error(`${this.name}: no ${pattern} within ${timeoutMs} ms`));
      }, timeoutMs);
      const off = this.onLine((line) => {
        const match = pattern.exec(line);
        if (!match) return;
        clearTimeout(timer);
        off();
        resolveLine(match);
      });
      this.exited.then(() => {
        clearTimeout(timer);
        off();
        reject(new Error(`${this.name} exited`));
      });
    });
  }

  /** Sends a signal without waiting (and without counting the exit as unexpected). */
  kill(signal = 'SIGTERM') {
    this.stopping = true;
    if (this.running) this.child.kill(signal);
  }

  /** SIGTERM (or `signal`), then SIGKILL if it has not exited within `graceMs`; resolves once exited. */
  async stop({ signal = 'SIGTERM', graceMs = 10_000 } = {}) {
    this.kill(signal);
    if (!this.running) return this.exited;
    const timer = setTimeout(() => this.running && this.child.kill('SIGKILL'), graceMs);
    const exit = await this.exited;
    clearTimeout(timer);
    return exit;
  }
}

/** One service from its build: `node services/<service>/dist/main.js`, named `name` (default: the service). */
export function startService(service, options) {
  return new StackProcess({ name: service, ...options, args: [serviceScript(service)] });
}

/**
 * Every service in `services` (default all seven, one process each) with `env` on top of this
 * process's environment, from the checkout at `cwd`. Output: prefixed lines to `outputStream` (default stdout). When a process
 * fails before `stop()`, the others are stopped too and `result` resolves 1; after `stop()`, 0.
 */
export function launchStack({
  env,
  services = SERVICES,
  outputStream = process.stdout,
  dropNodeOptions,
  cwd = REPO_ROOT,
}) {
  let failed = false;
  let stopping = false;
  const processes = [];
  const stop = (signal = 'SIGTERM') => {
    stopping = true;
    return Promise.all(processes.map((proc) => proc.stop({ signal })));
  };
  const fullEnv = serviceEnv(env, { dropNodeOptions });
  services.forEach((service, i) => {
    processes.push(
      startService(service, {
        cwd,
        env: fullEnv,
        output: { stream: outputStream },
        color: COLORS[i % COLORS.length],
        onUnexpectedExit: (proc) => {
          outputStream.write(`[${proc.name}] exited unexpectedly\n`);
          if (stopping) return;
          failed = true;
          void stop();
        },
      }),
    );
  });
  return {
    processes,
    result: Promise.all(processes.map((proc) => proc.exited)).then(() => (failed ? 1 : 0)),
    stop,
  };
}

/** Runs a command to its end with its output captured (asynchronously: a server in this process can answer it). */
export async function runToEnd(command, args, { cwd = REPO_ROOT, env, timeoutMs = 20_000 } = {}) {
  const started = Date.now();
  const proc = new StackProcess({ name: command, command, args, cwd, env, output: 'capture' });
  const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
  const { code, signal, error } = await proc.closed;
  clearTimeout(timer);
  if (error) throw error;
  return { code, signal, stdout: proc.stdout, stderr: proc.stderr, ms: Date.now() - started };
}

/** Whether `url` answers 2xx within `timeoutMs`. */
export async function answers(url, timeoutMs = 2_000) {
  try {
    const response = await fetch(url, { signal: globalThis.AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Polls `check` (every `intervalMs`) until it returns true. Throws `problem()`'s error as soon as one
 * is returned (e.g. a process died), or when `timeoutMs` has passed.
 */
export async function waitUntil(check, { timeoutMs, intervalMs = 250, what = 'the stack', problem }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const fatal = problem?.();
    if (fatal) throw fatal;
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`${what}: not ready within ${timeoutMs} ms`);
    await sleep(intervalMs);
  }
}

/** Polls the gateway's health endpoint until every service answers; false when time runs out. */
export async function waitForHealthy(url, timeoutMs = 120_000) {
  return waitUntil(() => answers(url, 5_000), { timeoutMs, intervalMs: 500 }).then(
    () => true,
    () => false,
  );
}

/** Ports handed out by this process, never handed out twice. */
const handedOut = new Set();

/**
 * A free port for a server of the stack. Chosen below the kernel's ephemeral range (32768 and up on
 * Linux), where the outgoing connections of every process take their local ports: a port picked there
 * could be taken by a client connection between this check and the server's listen.
 */
export async function freePort() {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (handedOut.has(port)) continue;
    if (await canListen(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error('No free port found for the stack');
}

function canListen(port) {
  return new Promise((resolveListen) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolveListen(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolveListen(true)));
  });
}

/** Whether something accepts TCP connections at host:port (within 2 s). */
export function reachable(host, port) {
  return new Promise((resolveReach) => {
    const socket = connect({ host, port, timeout: 2000 });
    const done = (ok) => {
      socket.destroy();
      resolveReach(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

/** Tells exactly what is missing when PostgreSQL or Redis does not answer. */
export async function checkBackingServices(env) {
  const database = new URL(env.DATABASE_URL);
  const redis = new URL(env.REDIS_URL);
  const problems = [];
  if (!(await reachable(database.hostname, Number(database.port || 5432)))) {
    problems.push(
      `PostgreSQL does not answer at ${database.hostname}:${database.port || 5432}.\n` +
        "    Start the machine's PostgreSQL:  pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start\n" +
        '    or run one with Docker:           docker compose up -d postgres\n' +
        '                                      (then DATABASE_URL=postgres://postgres:starborn@127.0.0.1:5432/starborn)\n' +
        '    or point DATABASE_URL at a PostgreSQL 15+ server.',
    );
  }
  if (!(await reachable(redis.hostname, Number(redis.port || 6379)))) {
    problems.push(
      `Redis does not answer at ${redis.hostname}:${redis.port || 6379}.\n` +
        "    Start the machine's Redis:       redis-server --daemonize yes --bind 127.0.0.1 --port 6379\n" +
        '    or run one with Docker:           docker compose up -d redis\n' +
        '    or point REDIS_URL at a Redis 7 server.',
    );
  }
  return problems;
}
