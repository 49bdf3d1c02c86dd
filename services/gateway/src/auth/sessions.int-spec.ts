/**
 * Sign-in limits per (email, address), sign-out of one token and of every token across two gateway
 * instances, tokens of unknown or deleted users, and the per-user limits on room creation and hero
 * generation: the whole backend in this process, on real PostgreSQL and Redis.
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadOrCreateDevKeyPair } from '@starborn/runtime';
import { importPKCS8, SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { startStack, type TestStack } from '../__tests__/stack.js';

let stack: TestStack;
/** Two gateway instances on one backend; requests go in through inject, so each can name its address. */
const gateways: NestFastifyApplication[] = [];

beforeAll(async () => {
  stack = await startStack('gateway-sessions', {
    with: ['rooms'],
    env: {
      RATE_LIMIT_LOGIN_PER_EMAIL_IP: '3',
      RATE_LIMIT_LOGIN_PER_EMAIL: '6',
      RATE_LIMIT_LOGIN_PER_IP: '50',
      RATE_LIMIT_ROOM_CREATE: '2',
      RATE_LIMIT_HERO_GENERATE: '3',
      AUTH_USER_CACHE_SECONDS: '1',
    },
  });
  gateways.push(stack.app, (await stack.addGateway()).app);
}, 60_000);

afterAll(() => stack?.close());

type Injected = { statusCode: number; headers: Record<string, unknown>; json: () => any };
const call = (
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; token?: string; ip?: string; gateway?: number } = {},
): Promise<Injected> =>
  gateways[options.gateway ?? 0]!.inject({
    method,
    url,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    payload: options.body === undefined ? undefined : JSON.stringify(options.body),
  }) as unknown as Promise<Injected>;

let counter = 0;
async function newUser(): Promise<{ email: string; token: string; id: string }> {
  const email = `sessions-${++counter}-${Date.now()}@example.com`;
  const response = await call('POST', '/api/auth/register', {
    body: { name: `User ${counter}`, email, password: 'right-password' },
  });
  expect(response.statusCode).toBe(201);
  return { email, token: response.json().token, id: response.json().user.id };
}

const login = (email: string, password: string, ip: string) =>
  call('POST', '/api/auth/login', { body: { email, password }, ip });

/** A token signed with auth's own key, with the claims given. */
async function forge(claims: Record<string, unknown>, subject: string): Promise<string> {
  const key = await importPKCS8(
    (await loadOrCreateDevKeyPair(stack.env.AUTH_KEYS_DIR)).privateKeyPem,
    'EdDSA',
  );
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' })
    .setSubject(subject)
    .setIssuer('starborn-auth')
    .setAudience('starborn')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key);
}

describe('sign-in limits', () => {
  it('stops a guesser at one address without locking the owner out from another', async () => {
    const { email } = await newUser();
    const guesses = [];
    for (let i = 0; i < 4; i++) guesses.push((await login(email, 'wrong-guess', '10.50.0.1')).statusCode);
    expect(guesses).toEqual([401, 401, 401, 429]);
    // Refused attempts spend nothing more: many more from the guesser's address...
    for (let i = 0; i < 10; i++)
      expect((await login(email, 'wrong-guess', '10.50.0.1')).statusCode).toBe(429);
    // ...and the owner, elsewhere, signs in.
    const owner = await login(email, 'right-password', '10.50.0.2');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().token).toEqual(expect.any(String));
  });

  it('keeps a ceiling per email across addresses, answered with 429 and Retry-After', async () => {
    const { email } = await newUser();
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await login(email, 'wrong-guess', `10.51.0.${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    const limited = await login(email, 'right-password', '10.51.1.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
  });
});

describe('sign-out', () => {
  it('signs one token out on every gateway instance, and leaves the other sessions alone', async () => {
    const { email, token } = await newUser();
    const other = (await login(email, 'right-password', '10.52.0.1')).json().token as string;
    expect((await call('GET', '/api/user', { token, gateway: 1 })).statusCode).toBe(200);
    const out = await call('POST', '/api/auth/logout', { token, gateway: 0 });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ signedOut: true });
    for (const gateway of [0, 1]) {
      const refused = await call('GET', '/api/user', { token, gateway });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe('Your session has expired or is invalid. Please sign in again.');
    }
    expect((await call('GET', '/api/user', { token: other, gateway: 1 })).statusCode).toBe(200);
    // Signing out twice is not possible: the token is no longer valid.
    expect((await call('POST', '/api/auth/logout', { token })).statusCode).toBe(401);
  });

  it('signs every token of the user out everywhere; a new sign-in works again', async () => {
    const { email, token } = await newUser();
    const second = (await login(email, 'right-password', '10.53.0.1')).json().token as string;
    expect((await call('POST', '/api/auth/logout-all', { token: second, gateway: 1 })).statusCode).toBe(200);
    for (const t of [token, second]) {
      for (const gateway of [0, 1])
        expect((await call('GET', '/api/user', { token: t, gateway })).statusCode).toBe(401);
    }
    const fresh = (await login(email, 'right-password', '10.53.0.1')).json().token as string;
    expect((await call('GET', '/api/user', { token: fresh, gateway: 0 })).statusCode).toBe(200);
  });

  it('needs a token to sign out', async () => {
    expect((await call('POST', '/api/auth/logout')).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/logout-all')).statusCode).toBe(401);
  });
});

describe('tokens that name no live user', () => {
  it('answers 401, never 500, for a subject that is not a uuid', async () => {
    const token = await forge({ name: 'x', email: 'x@example.com', jti: randomUUID() }, 'not-a-uuid');
    for (const path of ['/api/user', '/api/user/heroes', '/api/shared-story']) {
      const response = await call('GET', path, { token });
      expect(response.statusCode).toBe(401);
    }
  });

  it('answers 401 for a well-signed token of a user that never existed', async () => {
    const token = await forge({ name: 'x', email: 'x@example.com', jti: randomUUID() }, randomUUID());
    expect((await call('GET', '/api/user/heroes', { token })).statusCode).toBe(401);
    expect((await call('GET', '/api/user/heroes', { token, gateway: 1 })).statusCode).toBe(401);
  });

  it('answers 401 for a token without its own id (it could not be signed out alone)', async () => {
    const { id } = await newUser();
    const token = await forge({ name: 'x', email: 'x@example.com' }, id);
    expect((await call('GET', '/api/user', { token })).statusCode).toBe(401);
  });

  it('answers 401 once a deleted user is no longer vouched for (AUTH_USER_CACHE_SECONDS)', async () => {
    const { id, token } = await newUser();
    expect((await call('GET', '/api/user/heroes', { token })).statusCode).toBe(200);
    await stack.db.query(`DELETE FROM auth.users WHERE id = $1`, [id]);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect((await call('GET', '/api/user/heroes', { token })).statusCode).toBe(401);
    expect((await call('GET', '/api/user/heroes', { token, gateway: 1 })).statusCode).toBe(401);
  });
});

describe('per-user limits on expensive work', () => {
  const heroOf = (response: Injected) => response.json().hero ?? response.json();

  async function paidHero(token: string, userId: string): Promise<string> {
    const heroId = randomUUID().replaceAll('-', '');
    const created = await call('POST', '/api/heroes', {
      token,
      body: { heroName: 'Limit Tester', birthdate: '1990-07-25', heroId, userId },
    });
    expect(created.statusCode).toBe(201);
    await stack.db.query(`UPDATE heroes.heroes SET payment_status = 'paid' WHERE id = $1`, [heroId]);
    return heroId;
  }

  it('limits hero generation per user, paid heroes included, with 429 and Retry-After on any instance', async () => {
    const { token, id } = await newUser();
    const heroId = await paidHero(token, id);
    const first = await call('POST', `/api/heroes/generate/${heroId}`, { token });
    expect(first.statusCode).toBe(200);
    expect(heroOf(first).status).toBe('complete');
    expect((await call('POST', `/api/heroes/generate/${heroId}`, { token, gateway: 1 })).statusCode).toBe(
      200,
    );
    expect((await call('POST', `/api/heroes/generate/${heroId}`, { token })).statusCode).toBe(200);
    const limited = await call('POST', `/api/heroes/generate/${heroId}`, { token, gateway: 1 });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(
      /^You have started too many hero generations for now\. Please wait/,
    );
    // The message must not read as the AI quota notice (the web app looks for these words).
    expect(limited.json().message).not.toMatch(/quota|exceeded|limit/i);
  }, 60_000);

  it('limits room creation per user with 429 and Retry-After on any instance', async () => {
    const { token, id } = await newUser();
    const heroId = await paidHero(token, id);
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await call('POST', '/api/shared-story/create', { token, body: { heroId }, gateway: i % 2 }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([201, 201, 429]);
    const limited = await call('POST', '/api/shared-story/create', { token, body: { heroId } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(
      /^You have created too many rooms for now\. Please wait \d+ minutes? and try again\.$/,
    );
    const { count } = (
      await stack.db.query(`SELECT count(*)::int AS count FROM rooms.rooms WHERE creator_hero_id = $1`, [
        heroId,
      ])
    ).rows[0];
    expect(count).toBe(2);
  });
});
