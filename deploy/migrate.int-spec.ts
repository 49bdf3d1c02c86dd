// deploy/migrate.mjs against the real PostgreSQL: it creates a missing database, is idempotent, waits
// for a server that is not up yet and gives up in time, fails at once when refused, and never prints
// the password of DATABASE_URL.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { TEST_POSTGRES_URL, testDatabase } from '@starborn/testing';
import { DEPLOY_DIR, run } from './test-support.js';

const MIGRATE = join(DEPLOY_DIR, 'migrate.mjs');
const migrate = (env: Record<string, string>) => run('node', [MIGRATE], { env, timeoutMs: 30_000 });

async function databaseExists(name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return rowCount === 1;
  } finally {
    await client.end();
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('deploy/migrate.mjs', () => {
  const db = testDatabase('migrate');
  afterAll(() => db.drop());

  it('creates the database when it is missing, then finds it on the next run', async () => {
    expect(await databaseExists(db.name)).toBe(false);
    const first = await migrate({ DATABASE_URL: db.url });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Created database at`);
    expect(await databaseExists(db.name)).toBe(true);

    const second = await migrate({ DATABASE_URL: db.url });
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('database exists');
  });

  it('lets two migrations race for the same new database', async () => {
    const racing = testDatabase('migrate_race');
    try {
      const results = await Promise.all([
        migrate({ DATABASE_URL: racing.url }),
        migrate({ DATABASE_URL: racing.url }),
      ]);
      expect(results.map((r) => r.code)).toEqual([0, 0]);
      expect(await databaseExists(racing.name)).toBe(true);
    } finally {
      await racing.drop();
    }
  });

  it('waits for PostgreSQL, then gives up after MIGRATE_TIMEOUT_SECONDS, without printing the password', async () => {
    const port = await freePort();
    const result = await migrate({
      DATABASE_URL: `postgres://starborn:s3cret-pw@127.0.0.1:${port}/starborn`,
      MIGRATE_TIMEOUT_SECONDS: '2',
    });
    expect(result.code).toBe(1);
    expect(result.ms).toBeGreaterThanOrEqual(1500);
    expect(result.ms).toBeLessThan(10_000);
    expect(result.stdout).toContain('Waiting for PostgreSQL');
    expect(result.stderr).toContain(`is not reachable after 2 s`);
    expect(result.stdout + result.stderr).not.toContain('s3cret-pw');
  });

  it('succeeds when PostgreSQL comes up while it waits', async () => {
    // A TCP proxy to the real server that starts accepting only after a while.
    const target = new URL(db.url);
    const port = await freePort();
    const url = new URL(db.url);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    const pending = migrate({ DATABASE_URL: url.toString(), MIGRATE_TIMEOUT_SECONDS: '20' });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const { connect } = await import('node:net');
    const proxy = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
    try {
      const result = await pending;
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Waiting for PostgreSQL');
    } finally {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  });

  it('fails at once when PostgreSQL refuses the role', async () => {
    const url = new URL(TEST_POSTGRES_URL);
    url.username = 'starborn_no_such_role';
    url.pathname = '/starborn';
    const result = await migrate({ DATABASE_URL: url.toString(), MIGRATE_TIMEOUT_SECONDS: '30' });
    expect(result.code).toBe(1);
    expect(result.ms).toBeLessThan(10_000);
    expect(result.stderr).toContain('refused the migration step');
  });

  it.each([['mysql://root@127.0.0.1/x'], ['postgres://127.0.0.1:5432'], ['not a url']])(
    'refuses DATABASE_URL=%s with exit code 64',
    async (value) => {
      const result = await migrate({ DATABASE_URL: value });
      expect(result.code).toBe(64);
      expect(result.stderr).toContain('DATABASE_URL is not a usable PostgreSQL URL');
    },
  );
});
