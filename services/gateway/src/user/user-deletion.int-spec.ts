/**
 * DELETE /api/user through the gateway, with auth, heroes and generation in this process on real
 * PostgreSQL and Redis: the password decides, the answer ends every session and socket of the account
 * on every gateway instance, and heroes, handling user.deleted, leaves no hero, share link or media.
 */
import { eventually } from '@starborn/testing';
import { connectedSocket, startStack, type GatewayInstance, type TestStack } from '../__tests__/stack.js';
import { accountKey } from '../auth/auth-rate-limiter.js';

let stack: TestStack;
let second: GatewayInstance;

beforeAll(async () => {
  stack = await startStack('gateway-user-deletion', { env: { RATE_LIMIT_LOGIN_PER_EMAIL_IP: '4' } });
  second = await stack.addGateway();
}, 60_000);

afterAll(() => stack?.close());

const deleteAccount = (token: string, body?: unknown) => stack.api('DELETE', '/api/user', { token, body });

it('refuses a missing or wrong password with a clear error and deletes nothing', async () => {
  const { token } = await stack.newUser();
  expect(await deleteAccount(token, {})).toMatchObject({
    status: 400,
    json: { message: 'Please enter your current password' },
  });
  expect(await deleteAccount(token, { password: 'not-my-password' })).toMatchObject({
    status: 400,
    json: { message: 'Your current password is incorrect.' },
  });
  expect((await stack.api('GET', '/api/user', { token })).status).toBe(200);
});

it('counts wrong passwords with sign-in attempts: guessing stops at the limit', async () => {
  const { token } = await stack.newUser();
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 5; attempt++)
    statuses.push((await deleteAccount(token, { password: `guess-${attempt}` })).status);
  expect(statuses).toEqual([400, 400, 400, 400, 429]);
});

it('deletes the account: every session and socket ends, and its heroes, shares and media go', async () => {
  const { token, heroId } = await stack.newHero({ paid: true });
  const share = await stack.api('POST', `/api/heroes/${heroId}/share`, { token });
  expect(share.status).toBe(201);
  const mediaKeys = (
    await stack.db.query('SELECT full_key, preview_key FROM heroes.hero_images WHERE hero_id = $1', [heroId])
  ).rows.flatMap((row) => [`${row.full_key}.png`, `${row.preview_key}.webp`]);
  expect(mediaKeys.length).toBeGreaterThan(0);
  for (const key of mediaKeys) expect(await stack.storage.exists(key)).toBe(true);
  const sockets = [await connectedSocket(stack.baseUrl, token), await connectedSocket(second.baseUrl, token)];
  const closed = sockets.map((socket) => new Promise((resolve) => socket.on('disconnect', resolve)));

  try {
    expect(await deleteAccount(token, { password: 'password-123' })).toMatchObject({
      status: 200,
      json: { deleted: true },
    });
    await Promise.all(closed);
    // The token stops working on every instance at once.
    expect((await stack.api('GET', '/api/user', { token })).status).toBe(401);
    expect((await second.api('GET', '/api/user', { token })).status).toBe(401);

    await eventually(async () => (await stack.api('GET', `/api/share/${share.json.id}`)).status === 404);
    for (const key of mediaKeys) expect(await stack.storage.exists(key)).toBe(false);
    const left = await stack.db.query('SELECT count(*)::int AS n FROM heroes.heroes WHERE id = $1', [heroId]);
    expect(left.rows[0].n).toBe(0);
  } finally {
    sockets.forEach((socket) => socket.disconnect());
  }
}, 60_000);

it('leaves nothing of the account in the sign-in limits: no key names its email, its known addresses go', async () => {
  const { token, user } = (await stack.newUser()) as { token: string; user: { id: string; email: string } };
  const signIn = (password: string) =>
    stack.api('POST', '/api/auth/login', { body: { email: user.email, password } });
  expect((await signIn('not-my-password')).status).toBe(401);
  expect((await signIn('password-123')).status).toBe(200);
  expect((await signIn('not-my-password')).status).toBe(401);
  const digest = accountKey(user.email);
  const keysOf = async () => {
    const keys = await stack.redis.keys(`${stack.prefix}*`);
    return keys.filter((key) => key.toLowerCase().includes(user.email.toLowerCase()) || key.includes(digest));
  };
  expect((await keysOf()).length).toBeGreaterThan(0);
  expect((await keysOf()).filter((key) => key.includes(user.email))).toEqual([]);

  expect(await deleteAccount(token, { password: 'password-123' })).toMatchObject({ status: 200 });
  expect(await keysOf()).toEqual([]);
});
