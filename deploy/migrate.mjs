#!/usr/bin/env node
// The deployment's migration step (compose `migrate` one-shot, Kubernetes init container).
//
// It waits until PostgreSQL accepts connections, creates the database named in DATABASE_URL if it is
// missing, and exits 0. Each service then migrates its own schema at boot, under an advisory lock, so
// nothing here knows about schemas or tables, and this script imports nothing but `pg`.
//
// Environment:
//   DATABASE_URL             postgres://user:password@host:port/database (default as the services')
//   MIGRATE_TIMEOUT_SECONDS  how long to wait for PostgreSQL before giving up (default 120)
//   MIGRATE_MAINTENANCE_DB   database to connect to when creating the target (default postgres)
//
// Exit codes: 0 ready, 1 PostgreSQL unreachable in time or refused us, 64 bad configuration.
import pg from 'pg';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/starborn';

/** Errors that mean "not up yet": worth waiting for. Anything else (bad password, no such role) is final. */
const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND', // the container's DNS name is not registered yet
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  '57P03', // cannot_connect_now: the server is starting up or shutting down
  '57P01', // admin_shutdown (the image's init restarts the server once after initdb)
  '53300', // too_many_connections
]);

function log(level, msg, extra = {}) {
  const line = JSON.stringify({ level, time: new Date().toISOString(), service: 'migrate', msg, ...extra });
  (level === 'error' ? process.stderr : process.stdout).write(`${line}\n`);
}

/** host:port/database, never the user or password. */
function describe(url) {
  return `${url.hostname || 'localhost'}:${url.port || 5432}${url.pathname}`;
}

function isTransient(error) {
  if (TRANSIENT_CODES.has(error.code)) return true;
  // pg reports a timeout or a dropped socket with a plain message.
  return /timeout|terminated unexpectedly|Connection terminated/i.test(error.message ?? '');
}

/** Resolves to true when `database` exists (we could connect to it), false when PostgreSQL says it does not. */
async function connectTo(url, connectTimeoutMs) {
  const client = new pg.Client({
    connectionString: url.toString(),
    connectionTimeoutMillis: connectTimeoutMs,
  });
  client.on('error', () => undefined); // a socket error after connect must not crash the script
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch (error) {
    if (error.code === '3D000') return false; // invalid_catalog_name: the database does not exist
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function createDatabase(url, maintenanceDb, connectTimeoutMs) {
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  const maintenance = new URL(url);
  maintenance.pathname = `/${maintenanceDb}`;
  const client = new pg.Client({
    connectionString: maintenance.toString(),
    connectionTimeoutMillis: connectTimeoutMs,
  });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount > 0) return false;
    try {
      await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      return true;
    } catch (error) {
      // 42P04 duplicate_database / 23505: a service (or another migrate) created it meanwhile.
      if (error.code === '42P04' || error.code === '23505') return false;
      throw error;
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function main(env = process.env) {
  let url;
  try {
    url = new URL(env.DATABASE_URL || DEFAULT_URL);
    if (!/^postgres(ql)?:$/.test(url.protocol)) throw new Error(`unsupported protocol ${url.protocol}`);
    if (!url.pathname.replace(/^\//, '')) throw new Error('it names no database');
  } catch (error) {
    log('error', `DATABASE_URL is not a usable PostgreSQL URL: ${error.message}`);
    return 64;
  }
  const timeoutSeconds = Number(env.MIGRATE_TIMEOUT_SECONDS ?? 120);
  if (!Number.isFinite(timeoutSeconds) || timeoutSeconds < 0) {
    log('error', `MIGRATE_TIMEOUT_SECONDS must be a number of seconds, not "${env.MIGRATE_TIMEOUT_SECONDS}"`);
    return 64;
  }
  const maintenanceDb = env.MIGRATE_MAINTENANCE_DB || 'postgres';
  const target = describe(url);
  const deadline = Date.now() + timeoutSeconds * 1000;
  let delayMs = 250;
  let attempts = 0;

  for (;;) {
    attempts += 1;
    const connectTimeoutMs = Math.max(1000, Math.min(5000, deadline - Date.now()));
    try {
      if (await connectTo(url, connectTimeoutMs)) {
        log('info', `PostgreSQL is ready and database exists at ${target}`, { attempts });
      } else {
        const created = await createDatabase(url, maintenanceDb, connectTimeoutMs);
        log('info', `${created ? 'Created' : 'Found'} database at ${target}`, { attempts });
      }
      return 0;
    } catch (error) {
      const reason =
        error.code && !error.message.includes(error.code) ? `${error.code} ${error.message}` : error.message;
      if (!isTransient(error)) {
        log('error', `PostgreSQL at ${target} refused the migration step: ${reason}`, { attempts });
        return 1;
      }
      if (Date.now() + delayMs > deadline) {
        log('error', `PostgreSQL at ${target} is not reachable after ${timeoutSeconds} s: ${reason}`, {
          attempts,
        });
        return 1;
      }
      if (attempts === 1 || attempts % 10 === 0) {
        log('info', `Waiting for PostgreSQL at ${target}: ${reason}`, { attempts });
      }
      await sleep(delayMs);
      delayMs = Math.min(delayMs * 2, 2000);
    }
  }
}

process.exitCode = await main();
