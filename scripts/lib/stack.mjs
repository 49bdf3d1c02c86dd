// Starts Starborn's seven services as child processes, with each line of their output prefixed by
// the service's name. Used by `npm start` and by the browser tests' server.
import concurrently from 'concurrently';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';

export const SERVICES = ['auth', 'heroes', 'generation', 'payments', 'storybook', 'rooms', 'gateway'];
const COLORS = ['magenta', 'cyan', 'yellow', 'blue', 'green', 'red', 'white'];

export function missingBuilds() {
  return SERVICES.filter((name) => !existsSync(`services/${name}/dist/main.js`));
}

/** Launches every service; resolves `result` when they have all stopped. */
export function launchStack({ env, outputStream }) {
  const { result, commands } = concurrently(
    SERVICES.map((name, i) => ({
      name,
      command: `node services/${name}/dist/main.js`,
      env: { ...process.env, ...env },
      prefixColor: COLORS[i],
    })),
    { prefix: '[{name}]', killOthersOn: ['failure'], outputStream, handleInput: false },
  );
  return {
    result: result.then(
      () => 0,
      () => 1,
    ),
    stop: (signal = 'SIGTERM') => commands.forEach((command) => command.kill(signal)),
  };
}

/** Whether something accepts TCP connections at host:port (within 2 s). */
export function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
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

/** Polls the gateway's health endpoint until every service answers. */
export async function waitForHealthy(url, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(url);
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}
