import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port.js';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of a test's own, for tests that stop and start PostgreSQL (which the shared
 * server must never be): a fresh data folder, a free port on 127.0.0.1, trust authentication for
 * the superuser `postgres`. Made with the server's own `initdb` and `pg_ctl`, found through
 * `PG_BIN_DIR`, else `pg_config --bindir`, else `PATH`.
 *
 * PostgreSQL refuses to run as root: when the test runs as root, the cluster is made and run as the
 * `postgres` system user (`runuser`), in a folder that user owns. `privatePostgresUnavailable()` says
 * why a cluster cannot be made here, for a clear skip.
 */
export interface PrivatePostgres {
  /** Superuser URL of the `postgres` database, e.g. postgres://postgres@127.0.0.1:41234/postgres */
  url: string;
  port: number;
  /** The same server, another database (which the caller creates, or the code under test does). */
  urlOf(database: string): string;
  /** Fast shutdown: open connections are ended, as when the server is stopped for maintenance. */
  stop(): Promise<void>;
  /** Starts the stopped server again on the same port and data. */
  start(): Promise<void>;
  restart(): Promise<void>;
  running(): boolean;
  /** Stops the server (immediately) and removes its files. */
  destroy(): Promise<void>;
}

const SERVER_USER = 'postgres';

function binDir(): string | undefined {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  try {
    const dir = execFileSync('pg_config', ['--bindir'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    if (dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  } catch {
    // no pg_config: try PATH
  }
  return undefined;
}

/** How to run one of the server's programs: its full path when known, else its name (PATH). */
function program(name: 'initdb' | 'pg_ctl'): string {
  const dir = binDir();
  return dir ? join(dir, name) : name;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** The command line for a server program, as the server's user when this process is root. */
function asServerUser(file: string, args: string[]): [string, string[]] {
  return isRoot() ? ['runuser', ['-u', SERVER_USER, '--', file, ...args]] : [file, args];
}

function idOf(flag: '-u' | '-g', user: string): number {
  return Number(execFileSync('id', [flag, user], { encoding: 'utf8' }).trim());
}

/** Why no private cluster can be made on this machine, or undefined when it can. */
export function privatePostgresUnavailable(): string | undefined {
  try {
    const [file, args] = asServerUser(program('initdb'), ['--version']);
    execFileSync(file, args, { stdio: 'ignore' });
  } catch (error) {
    return (
      `PostgreSQL's initdb cannot be run${isRoot() ? ` as the '${SERVER_USER}' user through runuser` : ''} ` +
      `(set PG_BIN_DIR to the folder of initdb and pg_ctl): ${(error as Error).message}`
    );
  }
  return undefined;
}

const clusters = new Set<{ dataDir: string }>();
let exitHookInstalled = false;
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // A runner that is interrupted leaves no server behind (pg_ctl starts it detached).
  process.once('exit', () => {
    for (const cluster of clusters) {
      try {
        const [file, args] = asServerUser(program('pg_ctl'), [
          'stop',
          '-D',
          cluster.dataDir,
          '-m',
          'immediate',
          '-w',
        ]);
        execFileSync(file, args, { stdio: 'ignore' });
      } catch {
        // already stopped
      }
      rmSync(cluster.dataDir, { recursive: true, force: true });
    }
  });
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const unavailable = privatePostgresUnavailable();
  if (unavailable) throw new Error(unavailable);
  installExitHook();
  const baseDir = mkdtempSync(join(tmpdir(), 'starborn-pg-'));
  const dataDir = join(baseDir, 'data');
  const logFile = join(baseDir, 'server.log');
  if (isRoot()) chownSync(baseDir, idOf('-u', SERVER_USER), idOf('-g', SERVER_USER));
  const cluster = { dataDir };
  clusters.add(cluster);
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let up = false;

  const pgCtl = async (args: string[]) => {
    const [file, fullArgs] = asServerUser(program('pg_ctl'), args);
    try {
      await run(file, fullArgs, { timeout: 60_000 });
    } catch (error) {
      const detail = (error as { stderr?: string }).stderr ?? '';
      throw new Error(`pg_ctl ${args[0]} failed: ${(error as Error).message}\n${detail}`, { cause: error });
    }
  };

  try {
    const [file, args] = asServerUser(program('initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--no-sync',
      '--no-instructions',
    ]);
    await run(file, args, { timeout: 120_000 });
  } catch (error) {
    clusters.delete(cluster);
    rmSync(baseDir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${(error as Error).message}`, { cause: error });
  }

  const start = async () => {
    const options = [
      `-p ${port}`,
      `-c listen_addresses=127.0.0.1`,
      `-c unix_socket_directories=${baseDir}`,
      // A test server: durability is not what it proves.
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
    await pgCtl(['start', '-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', options]);
    up = true;
    await waitForServer(url);
  };
  const stop = async () => {
    if (!up) return;
    up = false;
    await pgCtl(['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60']);
  };

  try {
    await start();
  } catch (error) {
    clusters.delete(cluster);
    rmSync(baseDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    port,
    urlOf: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop,
    start,
    restart: async () => {
      await stop();
      await start();
    },
    running: () => up,
    destroy: async () => {
      up = false;
      await pgCtl(['stop', '-D', dataDir, '-m', 'immediate', '-w', '-t', '60']).catch(() => undefined);
      clusters.delete(cluster);
      rmSync(baseDir, { recursive: true, force: true });
    },
  };
}

async function waitForServer(url: string, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      if (Date.now() - started > timeoutMs)
        throw new Error(`PostgreSQL on ${url} did not start: ${String(error)}`, { cause: error });
    } finally {
      await client.end().catch(() => undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
