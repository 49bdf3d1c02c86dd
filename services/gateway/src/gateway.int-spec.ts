import 'reflect-metadata';
import type { INestMicroservice, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthModule } from '@starborn/auth';
import type { BackendService } from '@starborn/contracts';
import { GenerationModule } from '@starborn/generation';
import { HeroesModule } from '@starborn/heroes';
import { PaymentsModule } from '@starborn/payments';
import { RoomsModule } from '@starborn/rooms';
import { StorybookModule } from '@starborn/storybook';
import { deleteRedisPrefix, testRedisPrefix } from '@starborn/testing';
import { startServices, suiteEnv, writeWebBuild, type SuiteEnv } from './__tests__/suite-env.js';
import { createGatewayApp } from './app.js';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

const SERVICES: Record<BackendService, Type<unknown>> = {
  auth: AuthModule,
  heroes: HeroesModule,
  generation: GenerationModule,
  payments: PaymentsModule,
  storybook: StorybookModule,
  rooms: RoomsModule,
};

/** A script of the web build, long enough to be worth compressing. */
const APP_JS = `console.log(${JSON.stringify('starborn '.repeat(200))});`;

let suite: SuiteEnv;
let env: NodeJS.ProcessEnv;
let gateway: NestFastifyApplication;
let services: INestMicroservice[] = [];

beforeAll(async () => {
  suite = await suiteEnv('gateway');
  const webDist = await writeWebBuild(suite.workDir, {
    'index.html': '<!doctype html><title>Starborn</title><div id="root"></div>',
    'assets/app-1234.js': APP_JS,
    // As the web build's precompress step leaves them.
    'assets/app-1234.js.br': brotliCompressSync(APP_JS),
    'assets/app-1234.js.gz': gzipSync(APP_JS),
  });
  env = {
    ...suite.env,
    WEB_DIST_DIR: webDist,
    RATE_LIMIT_LOGIN_PER_EMAIL: '3',
    RATE_LIMIT_LOGIN_PER_IP: '8',
    // Accounts per address: the sign-up tests fill it from one address; the rest of the file stays far below.
    RATE_LIMIT_REGISTER_PER_IP: '30',
  };
  services = await startServices(SERVICES, env);
  ({ app: gateway } = await createGatewayApp(env));
  await gateway.init();
  await gateway.getHttpAdapter().getInstance().ready();
});

afterAll(async () => {
  await gateway?.close();
  await Promise.all(services.map((service) => service.close()));
  await suite?.cleanUp();
});

type Injected = { statusCode: number; headers: Record<string, unknown>; body: string; json: () => any };
const call = (
  method: 'GET' | 'POST',
  url: string,
  options: {
    body?: unknown;
    token?: string;
    ip?: string;
    raw?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Injected> =>
  gateway.inject({
    method,
    url,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: {
      ...(options.body !== undefined || options.raw !== undefined
        ? { 'content-type': 'application/json' }
        : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    payload: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  }) as unknown as Promise<Injected>;

let emailCounter = 0;
const newEmail = () => `user${++emailCounter}.${Date.now()}@example.com`;

describe('gateway: accounts end to end', () => {
  it('registers, returns the session, and knows the user by the token', async () => {
    const email = newEmail();
    const registered = await call('POST', '/api/auth/register', {
      body: { name: 'Nova Star', email, password: 'correct horse' },
    });
    expect(registered.statusCode).toBe(201);
    const { token, user } = registered.json();
    expect(user).toMatchObject({ name: 'Nova Star', email });

    const me = await call('GET', '/api/user', { token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, name: 'Nova Star', email });

    const login = await call('POST', '/api/auth/login', {
      body: { email: email.toUpperCase(), password: 'correct horse' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.id).toBe(user.id);
  });

  it('answers a duplicate email with 409 "Email already exists"', async () => {
    const email = newEmail();
    await call('POST', '/api/auth/register', { body: { name: 'First', email, password: 'password-one' } });
    const second = await call('POST', '/api/auth/register', {
      body: { name: 'Second', email, password: 'password-two' },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      status: 409,
      code: 'EMAIL_EXISTS',
      message: 'Email already exists',
      error: 'Email already exists',
    });
  });

  it('answers wrong credentials with 401', async () => {
    const email = newEmail();
    await call('POST', '/api/auth/register', { body: { name: 'Lyra', email, password: 'constellation' } });
    const wrong = await call('POST', '/api/auth/login', {
      body: { email, password: 'not-the-password' },
      ip: '10.1.0.1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid email or password. Please try again.');
  });

  it.each([
    [{ email: 'a@example.com', password: 'long enough' }, 'Please fill in all fields'],
    [{ name: '   ', email: 'a@example.com', password: 'long enough' }, 'Please fill in all fields'],
    [{ name: 'A', email: 'not-an-email', password: 'long enough' }, 'Please enter a valid email address'],
    [{ name: 'A', email: 'a@example.com', password: 'short' }, 'Password must be at least 8 characters long'],
    [{ name: 'A', email: 'a@example.com', password: 12345678 }, 'Please fill in all fields'],
    [
      { name: 'x'.repeat(101), email: 'a@example.com', password: 'long enough' },
      'Name must be at most 100 characters long',
    ],
  ])('refuses a bad registration %j with 400 and a clear message', async (body, message) => {
    const response = await call('POST', '/api/auth/register', { body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message,
      error: message,
    });
  });

  it('answers a malformed body with 400, never 500', async () => {
    const invalidJson = await call('POST', '/api/auth/login', { raw: '{"email": ' });
    expect(invalidJson.statusCode).toBe(400);
    expect(invalidJson.json().message).toBe('The request body is not valid JSON.');

    for (const raw of ['null', '[]', '"text"', '42']) {
      const response = await call('POST', '/api/auth/login', { raw });
      expect(response.statusCode).toBe(400);
    }
  });

  it('requires a valid bearer token for /api/user', async () => {
    const missing = await call('GET', '/api/user');
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toBe('Please sign in to continue.');

    const forged = await call('GET', '/api/user', {
      token: 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl',
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('Your session has expired or is invalid. Please sign in again.');
  });

  it('rate-limits logins per email and per IP with 429 and Retry-After', async () => {
    const email = newEmail();
    await call('POST', '/api/auth/register', {
      body: { name: 'Target', email, password: 'target-password' },
    });
    const attempt = (ip: string, address = email) =>
      call('POST', '/api/auth/login', { body: { email: address, password: 'guess-guess' }, ip });

    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt(`10.2.0.${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await attempt('10.2.0.99');
    expect(limited.json().message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // Per IP: eight attempts on different accounts from one address, then 429.
    const perIp = [];
    for (let i = 0; i < 9; i++) perIp.push((await attempt('10.3.0.1', newEmail())).statusCode);
    expect(perIp.slice(0, 8).every((status) => status === 401)).toBe(true);
    expect(perIp[8]).toBe(429);
  });
});

describe('gateway: sign-up limits count what costs', () => {
  const signUp = (ip: string, email: string, name = 'Pupil') =>
    call('POST', '/api/auth/register', { body: { name, email, password: 'school-password' }, ip });
  const expectTooMany = (response: Injected, message: RegExp) => {
    expect(response.statusCode).toBe(429);
    expect(response.json().message).toMatch(message);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('lets 30 people behind one address sign up with their typos, then stops at the accounts budget', async () => {
    const school = '10.4.0.1';
    const emails: string[] = [];
    for (let i = 0; i < 30; i++) {
      const email = newEmail();
      // A typo the server refuses, an email already taken (the previous pupil's), then the real one.
      expect((await signUp(school, email.replace('@', ' at '))).statusCode).toBe(400);
      if (i > 0) expect((await signUp(school, emails[i - 1]!)).statusCode).toBe(409);
      expect((await signUp(school, email)).statusCode).toBe(201);
      emails.push(email);
    }

    expectTooMany(
      await signUp(school, newEmail()),
      /^Too many accounts were created from your network for now\. Please wait \d+ minutes? and try again\.$/,
    );
    // Another address is not affected.
    expect((await signUp('10.4.0.2', newEmail())).statusCode).toBe(201);
  });

  it('refuses an email already taken after repeated tries, from any address, and only that email', async () => {
    const taken = newEmail();
    expect((await signUp('10.6.0.1', taken)).statusCode).toBe(201);
    const retries = [];
    for (let i = 0; i < 6; i++) retries.push((await signUp(`10.6.1.${i}`, taken.toUpperCase())).statusCode);
    expect(retries).toEqual([409, 409, 409, 409, 409, 429]);
    expectTooMany(
      await signUp('10.6.2.1', taken),
      /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
    );
    expect((await signUp('10.6.1.0', newEmail())).statusCode).toBe(201);
  });

  it('answers a flood from one address with 429 and Retry-After, malformed requests included', async () => {
    const flood = '10.5.0.1';
    const statuses = [];
    for (let i = 0; i < 100; i++) statuses.push((await signUp(flood, `not-an-email-${i}`)).statusCode);
    expect(statuses.every((status) => status === 400)).toBe(true);

    expectTooMany(
      await signUp(flood, 'still-not-an-email'),
      /^Too many attempts\. Please wait 15 minutes and try again\.$/,
    );
    expectTooMany(await signUp(flood, newEmail()), /^Too many attempts\./);
    expect((await signUp('10.5.0.2', newEmail())).statusCode).toBe(201);
  });
});

describe('gateway: support form', () => {
  it('stores a message from a visitor, and notes the user when signed in', async () => {
    const visitor = await call('POST', '/api/support', {
      body: { name: 'Ada', email: 'ada@example.com', message: 'Hello stars' },
    });
    expect(visitor.statusCode).toBe(201);
    expect(visitor.json()).toMatchObject({ category: 'general-inquiry', userId: null, subject: '' });

    const email = newEmail();
    const { token, user } = (
      await call('POST', '/api/auth/register', {
        body: { name: 'Signed In', email, password: 'password-123' },
      })
    ).json();
    const member = await call('POST', '/api/support', {
      token,
      body: { name: 'Signed In', email, subject: 'Billing', message: 'A question', category: 'billing' },
    });
    expect(member.statusCode).toBe(201);
    expect(member.json()).toMatchObject({ userId: user.id, category: 'billing' });
  });

  it.each([
    [{ email: 'ada@example.com', message: 'x' }, 'Please fill in all required fields'],
    [{ name: 'Ada', email: 'ada@', message: 'x' }, 'Please enter a valid email address'],
    [
      { name: 'Ada', email: 'ada@example.com', message: 'x', category: 'other' },
      expect.stringContaining('category'),
    ],
  ])('refuses %j with 400', async (body, message) => {
    const response = await call('POST', '/api/support', { body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(message);
  });
});

describe('gateway: platform', () => {
  it('reports PostgreSQL, Redis and every service as healthy', async () => {
    const response = await call('GET', '/api/health');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('ok');
    expect(body.checks.postgres.status).toBe('ok');
    expect(body.checks.redis.status).toBe('ok');
    expect(Object.keys(body.checks.services).sort()).toEqual([
      'auth',
      'generation',
      'heroes',
      'payments',
      'rooms',
      'storybook',
    ]);
    for (const check of Object.values<{ status: string }>(body.checks.services))
      expect(check.status).toBe('ok');
  });

  it('sends security headers with a strict content security policy', async () => {
    const response = await call('GET', '/api/health');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('carries a request id, taking a sane one from the caller', async () => {
    const given = await call('GET', '/api/health', { headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const generated = await call('GET', '/api/health', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const json = await call('GET', '/api/docs/json');
    expect(json.statusCode).toBe(200);
    const document = json.json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/auth/register', '/api/auth/login', '/api/user', '/api/health']),
    );
    const ui = await call('GET', '/api/docs');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('serves the web app with SPA fallback, its assets cached for good', async () => {
    for (const path of ['/', '/profile', '/hero/0123456789abcdef0123456789abcdef']) {
      const page = await call('GET', path);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    const asset = await call('GET', '/assets/app-1234.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers['content-encoding']).toBeUndefined();
    expect(asset.body).toBe(APP_JS);
  });

  it('sends the build’s compressed copy of an asset to a browser that accepts it', async () => {
    const brotli = (await gateway.inject({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })) as unknown as { statusCode: number; headers: Record<string, string>; rawPayload: Buffer };
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(APP_JS);

    const gzip = (await gateway.inject({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip' },
    })) as unknown as { headers: Record<string, string>; rawPayload: Buffer };
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(APP_JS);
  });

  it('answers JSON 404s under /api', async () => {
    const missing = await call('GET', '/api/no-such-thing');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});

describe('gateway: a service that does not answer', () => {
  it('answers 503 with a clear message once the request times out', async () => {
    const lonelyPrefix = testRedisPrefix('gateway-lonely');
    const { app } = await createGatewayApp({
      ...env,
      REDIS_PREFIX: lonelyPrefix,
      RPC_TIMEOUT_MS: '300',
      HEALTH_TIMEOUT_MS: '200',
    });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    try {
      const login = (await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'someone@example.com', password: 'whatever-pass' }),
      })) as unknown as Injected;
      expect(login.statusCode).toBe(503);
      expect(login.json()).toMatchObject({
        status: 503,
        code: 'SERVICE_TIMEOUT',
        message: 'The auth service is not responding right now. Please try again in a moment.',
      });

      const health = (await app.inject({ method: 'GET', url: '/api/health' })) as unknown as Injected;
      expect(health.statusCode).toBe(503);
      expect(health.json().status).toBe('degraded');
      expect(health.json().checks.services.auth.status).toBe('down');
    } finally {
      await app.close();
      await deleteRedisPrefix(lonelyPrefix);
    }
  });
});
