/**
 * Sign-in limits against guessers at many addresses, with the default figures (10 wrong passwords per
 * email and address, a ceiling of 100 per email, 30 per address, per 15 minutes), and sign-up's limit
 * on refused sign-ups under simultaneous requests: through the gateway's HTTP on real Redis. Requests go
 * in through inject, so each names its client address as the gateway sees it.
 */
import { createHash } from 'node:crypto';
import { startStack, type TestStack } from '../__tests__/stack.js';
import { AuthRateLimiter } from './auth-rate-limiter.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack('gateway-sign-in-limits', { env: { LOGIN_KNOWN_ADDRESSES: '3' } });
}, 60_000);

afterAll(() => stack?.close());

type Injected = { statusCode: number; headers: Record<string, unknown>; json: () => any };
const post = (url: string, body: unknown, ip: string): Promise<Injected> =>
  stack.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  }) as unknown as Promise<Injected>;

const PASSWORD = 'owner-password';
let counter = 0;
async function newAccount(ip: string): Promise<string> {
  const email = `owner-${++counter}-${Date.now()}@example.com`;
  expect(
    (await post('/api/auth/register', { name: 'Owner', email, password: PASSWORD }, ip)).statusCode,
  ).toBe(201);
  return email;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const login = (email: string, password: string, ip: string) =>
  post('/api/auth/login', { email, password }, ip);

/** 10 addresses × 10 wrong passwords, the addresses in parallel: the per-email ceiling (100) is spent. */
async function attack(email: string, network: string): Promise<void> {
  const statuses = await Promise.all(
    Array.from({ length: 10 }, async (_, address) => {
      const seen = [];
      for (let guess = 0; guess < 10; guess++)
        seen.push((await login(email, `wrong-${guess}`, `${network}.${address + 1}`)).statusCode);
      return seen;
    }),
  );
  expect(statuses.flat().filter((status) => status === 401)).toHaveLength(100);
}

describe('sign-in from many addresses', () => {
  it('does not lock the owner out at an address they signed in from; a never-seen address is still held', async () => {
    const email = await newAccount('10.70.0.9');
    const home = '10.70.0.1';
    expect((await login(email, PASSWORD, home)).statusCode).toBe(200);

    await attack(email, '10.71.0');
    // An address never seen for this account meets the spent ceiling, right password or not.
    const stranger = await login(email, PASSWORD, '10.72.0.1');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    // The owner at home: a typo is only a typo, and the right password signs in.
    expect((await login(email, 'owners-typo', home)).statusCode).toBe(401);
    const owner = await login(email, PASSWORD, home);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().token).toEqual(expect.any(String));
  });

  it('still stops guesses at a known address at the per-address limit (10)', async () => {
    const email = await newAccount('10.76.0.1');
    const statuses = [];
    for (let guess = 0; guess < 11; guess++)
      statuses.push((await login(email, 'wrong', '10.76.0.1')).statusCode);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    expect((await login(email, PASSWORD, '10.76.0.1')).statusCode).toBe(429);
  });

  it('remembers the address an account was made from and the latest addresses (3 here), as hashes', async () => {
    const email = await newAccount('10.77.0.1');
    const key = `${stack.prefix}:login-known:${sha256(email)}`;
    expect(await stack.redis.zscore(key, sha256('10.77.0.1'))).not.toBeNull();
    for (const ip of ['10.77.0.2', '10.77.0.3', '10.77.0.4'])
      expect((await login(email, PASSWORD, ip)).statusCode).toBe(200);
    // The address the account was made from is the oldest of four: forgotten.
    expect(await stack.redis.zscore(key, sha256('10.77.0.1'))).toBeNull();
    expect((await stack.redis.zrange(key, 0, -1)).sort()).toEqual(
      ['10.77.0.2', '10.77.0.3', '10.77.0.4'].map(sha256).sort(),
    );
    const ttl = await stack.redis.pttl(key);
    expect(ttl).toBeGreaterThan(89 * 86_400_000);
    expect(ttl).toBeLessThanOrEqual(90 * 86_400_000);
    // Account deletion can forget them.
    await stack.app.get(AuthRateLimiter).forgetAccount(email.toUpperCase());
    expect(await stack.redis.exists(key)).toBe(0);
    // Neither emails nor addresses are kept in Redis as they are.
    for (const key of await stack.redis.keys(`${stack.prefix}:login-known:*`)) expect(key).not.toContain('@');
  });
});

describe('simultaneous sign-ups with an email already taken', () => {
  it('are refused at most 5 times (the limit per email), the rest answered 429', async () => {
    for (let trial = 0; trial < 5; trial++) {
      const taken = await newAccount(`10.79.${trial}.1`);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          post(
            '/api/auth/register',
            { name: 'Again', email: taken, password: PASSWORD },
            `10.80.${trial}.${index}`,
          ),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 409).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((status) => status !== 409 && status !== 429)).toEqual([]);
    }
  }, 30_000);
});
