import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from './free-port.js';

/**
 * A Redis server of a test's own, for tests that stop and restart Redis (which the shared server
 * must never be). It persists like production (append-only file, fsync on every write), so a
 * restart keeps what was acknowledged before it.
 */
export interface PrivateRedis {
  url: string;
  /** Shuts the server down (saving nothing beyond its append-only file) and starts it again on the same port and files. */
  restart(): Promise<void>;
  stop(): Promise<void>;
  /** Stops the server and removes its files. */
  destroy(): Promise<void>;
}

export async function startPrivateRedis(binary = 'redis-server'): Promise<PrivateRedis> {
  const dir = await mkdtemp(join(tmpdir(), 'starborn-redis-'));
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;

  const start = async () => {
    server = spawn(
      binary,
      [
        '--bind',
        '127.0.0.1',
        '--port',
        String(port),
        '--dir',
        dir,
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
        '--save',
        '',
        '--logfile',
        '',
        '--loglevel',
        'warning',
      ],
      { stdio: 'ignore' },
    );
    await waitForPing(url);
  };

  const stop = async () => {
    const running = server;
    server = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    const client = oneShotClient(url);
    try {
      await client.connect();
      await client.call('SHUTDOWN', 'NOSAVE').catch(() => undefined); // the connection ends with the server
    } catch {
      running.kill('SIGTERM');
    } finally {
      close(client);
    }
    await exited;
  };

  await start();
  return {
    url,
    restart: async () => {
      await stop();
      await start();
    },
    stop,
    destroy: async () => {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPing(url: string, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    const client = oneShotClient(url);
    try {
      await client.connect();
      if ((await client.ping()) === 'PONG') return;
    } catch (error) {
      if (Date.now() - started > timeoutMs)
        throw new Error(`Redis on ${url} did not start: ${String(error)}`, { cause: error });
    } finally {
      close(client);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A client for one exchange: it never reconnects, so a connection the server ends stays ended. */
function oneShotClient(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 0, lazyConnect: true, retryStrategy: () => null });
}

/**
 * Closes a one-shot client. One whose connection has ended (refused, or ended by SHUTDOWN) is closed
 * already: disconnect() would start a timer (ioredis' disconnectTimeout, 2 s) waiting for a 'close' that
 * the socket, gone already, never sends again, and keep the test process alive that long.
 */
function close(client: Redis): void {
  if (client.status !== 'end') client.disconnect();
}
