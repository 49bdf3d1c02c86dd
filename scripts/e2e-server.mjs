// The server behind the browser tests: the whole backend on 127.0.0.1:$E2E_PORT, serving the built
// web app, with a database and Redis prefix of its own that are removed when it stops.
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startFakeStripeApi } from '@starborn/testing';
import { checkBackingServices, launchStack, missingBuilds } from './lib/stack.mjs';

const suffix = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
const postgresUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const databaseName = `starborn_e2e_${suffix}`;
postgresUrl.pathname = `/${databaseName}`;
const workDir = mkdtempSync(join(tmpdir(), 'starborn-e2e-'));
const env = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  PORT: process.env.E2E_PORT ?? '4310',
  HOST: '127.0.0.1',
  // The address the browser tests open: absolute links (JSON-LD, preview tags) point at it.
  PUBLIC_ORIGIN: `http://127.0.0.1:${process.env.E2E_PORT ?? '4310'}`,
  DATABASE_URL: postgresUrl.toString(),
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  REDIS_PREFIX: `sb-e2e-${suffix}`,
  AUTH_KEYS_DIR: join(workDir, 'keys'),
  MEDIA_DIR: join(workDir, 'media'),
  RATE_LIMIT_LOGIN_PER_IP: '1000',
  RATE_LIMIT_REGISTER_PER_IP: '1000',
  RATE_LIMIT_REGISTER_ATTEMPTS_PER_IP: '1000',
  RATE_LIMIT_LOGIN_PER_EMAIL: '100',
  RATE_LIMIT_LOGIN_PER_EMAIL_IP: '100',
  RATE_LIMIT_ROOM_CREATE: '1000',
  RATE_LIMIT_HERO_GENERATE: '1000',
  RATE_LIMIT_SUPPORT_PER_IP: '1000',
  RATE_LIMIT_SUPPORT_PER_EMAIL: '1000',
};
// E2E_PAYMENTS_PROVIDER=stripe: the `stripe` provider against a fake Stripe API on loopback
// (E2E_STRIPE_API_PORT), with test keys; its report files get names of their own, so it can run
// next to the default (`local`) server.
const stripeMode = process.env.E2E_PAYMENTS_PROVIDER === 'stripe';
const reportName = stripeMode ? 'e2e-stripe' : 'e2e';
const STRIPE_TEST_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_starborn_e2e',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_starborn_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_starborn_e2e',
};

const missing = missingBuilds();
if (missing.length > 0) {
  console.error(`Build first (npm run build): no dist for ${missing.join(', ')}`);
  process.exit(1);
}
const problems = await checkBackingServices(env);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}

mkdirSync('.ci-reports', { recursive: true });
// Browser tests that check what reached the database read its address here.
writeFileSync(`.ci-reports/${reportName}-database-url.txt`, `${env.DATABASE_URL}\n`);
writeFileSync(`.ci-reports/${reportName}-redis-prefix.txt`, `${env.REDIS_PREFIX}\n`);
let fakeStripe;
if (stripeMode) {
  fakeStripe = await startFakeStripeApi({
    port: Number(process.env.E2E_STRIPE_API_PORT ?? '4312'),
    secretKey: STRIPE_TEST_KEYS.STRIPE_SECRET_KEY,
    publishableKey: STRIPE_TEST_KEYS.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: STRIPE_TEST_KEYS.STRIPE_WEBHOOK_SECRET,
    webhookUrl: `http://127.0.0.1:${env.PORT}/api/payments/webhook`,
  });
  Object.assign(env, STRIPE_TEST_KEYS, {
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(fakeStripe.port),
    STRIPE_API_PROTOCOL: 'http',
  });
}
const stack = launchStack({ env, outputStream: createWriteStream(`.ci-reports/${reportName}-server.log`) });

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  stack.stop('SIGTERM');
  await stack.result;
  await cleanUp();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

const code = await stack.result;
if (!stopping) {
  console.error(`A service stopped unexpectedly; see .ci-reports/${reportName}-server.log`);
  await cleanUp();
  process.exit(code || 1);
}

async function cleanUp() {
  await fakeStripe?.close();
  rmSync(workDir, { recursive: true, force: true });
  rmSync(`.ci-reports/${reportName}-database-url.txt`, { force: true });
  rmSync(`.ci-reports/${reportName}-redis-prefix.txt`, { force: true });
  const maintenance = new URL(postgresUrl);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect().then(
    () => admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`),
    () => undefined,
  );
  await admin.end().catch(() => undefined);
  const redis = new Redis(env.REDIS_URL);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${env.REDIS_PREFIX}:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await redis.unlink(...keys);
  } while (cursor !== '0');
  redis.disconnect();
}
