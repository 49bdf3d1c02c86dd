/**
 * The account routes on two gateway instances over the whole backend (real PostgreSQL and Redis):
 * renaming, changing the password (other sessions signed out on every instance, their sockets closed,
 * this browser kept with a fresh token; wrong current passwords counted like sign-ins).
 */
import type { Socket } from 'socket.io-client';
import { connectedSocket, startStack, type TestStack, type GatewayInstance } from '../__tests__/stack.js';

let stack: TestStack;
let second: GatewayInstance;

beforeAll(async () => {
  stack = await startStack('gateway-account', {
    env: {
      RATE_LIMIT_LOGIN_PER_EMAIL_IP: '3',
      RATE_LIMIT_LOGIN_PER_EMAIL: '6',
      RATE_LIMIT_LOGIN_PER_IP: '50',
    },
  });
  second = await stack.addGateway();
}, 60_000);

afterAll(() => stack?.close());

let counter = 0;
/** A new user and a second session of theirs (another device), signed in on the second gateway. */
async function userWithTwoSessions() {
  const email = `account-${++counter}-${Date.now()}@example.com`;
  const registered = await stack.api('POST', '/api/auth/register', {
    body: { name: 'Nova', email, password: 'first-password' },
  });
  expect(registered.status).toBe(201);
  const other = await second.api('POST', '/api/auth/login', { body: { email, password: 'first-password' } });
  expect(other.status).toBe(200);
  return { email, token: registered.json.token as string, otherToken: other.json.token as string };
}

const changePassword = (token: string, body: object, api = stack.api) =>
  api('POST', '/api/user/password', { token, body });

const disconnection = (socket: Socket) =>
  new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));

describe('PATCH /api/user', () => {
  it('renames the signed-in user, trimmed; GET /api/user answers the new name on either instance', async () => {
    const { token } = await userWithTwoSessions();
    const renamed = await stack.api('PATCH', '/api/user', { token, body: { name: '  Nova Prime  ' } });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ name: 'Nova Prime', email: expect.any(String) });
    expect(Object.keys(renamed.json).sort()).toEqual(['createdAt', 'email', 'id', 'name', 'updatedAt']);
    expect((await second.api('GET', '/api/user', { token })).json.name).toBe('Nova Prime');
  });

  it.each([
    [{ name: '   ' }, 'Please enter your name'],
    [{}, 'Please enter your name'],
    [{ name: 42 }, 'Please enter your name'],
    [{ name: 'n'.repeat(101) }, 'Name must be at most 100 characters long'],
  ])('refuses %p with 400 and its message', async (body, message) => {
    const { token } = await userWithTwoSessions();
    const refused = await stack.api('PATCH', '/api/user', { token, body });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ error: message, message });
  });

  it('needs a token', async () => {
    expect((await stack.api('PATCH', '/api/user', { body: { name: 'Nobody' } })).status).toBe(401);
  });
});

describe('POST /api/user/password', () => {
  it('signs out every other session on both instances and keeps this browser with a fresh token', async () => {
    const { email, token, otherToken } = await userWithTwoSessions();
    const otherSocket = await connectedSocket(second.baseUrl, otherToken);
    const ownSocket = await connectedSocket(stack.baseUrl, token);
    const otherClosed = disconnection(otherSocket);
    const ownClosed = disconnection(ownSocket);
    try {
      const changed = await changePassword(token, {
        currentPassword: 'first-password',
        newPassword: 'second-password',
      });
      expect(changed.status).toBe(200);
      const fresh = changed.json.token as string;
      expect(fresh).not.toBe(token);
      expect(changed.json.user).toMatchObject({ email });

      for (const api of [stack.api, second.api]) {
        expect((await api('GET', '/api/user', { token: otherToken })).status).toBe(401);
        expect((await api('GET', '/api/user', { token })).status).toBe(401);
        expect((await api('GET', '/api/user', { token: fresh })).status).toBe(200);
      }
      // Sockets signed in with the old tokens are closed by the server; one of the fresh token stays.
      const freshSocket = await connectedSocket(second.baseUrl, fresh);
      expect(await otherClosed).toBe('io server disconnect');
      expect(await ownClosed).toBe('io server disconnect');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(freshSocket.connected).toBe(true);
      freshSocket.disconnect();

      const login = (password: string) => stack.api('POST', '/api/auth/login', { body: { email, password } });
      expect((await login('first-password')).status).toBe(401);
      expect((await login('second-password')).status).toBe(200);
    } finally {
      otherSocket.disconnect();
      ownSocket.disconnect();
    }
  });

  it('refuses a wrong current password with 400 and its message, signing nobody out', async () => {
    const { token, otherToken } = await userWithTwoSessions();
    const refused = await changePassword(token, {
      currentPassword: 'not-the-password',
      newPassword: 'second-password',
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      error: 'Your current password is incorrect.',
      message: 'Your current password is incorrect.',
    });
    expect((await stack.api('GET', '/api/user', { token })).status).toBe(200);
    expect((await second.api('GET', '/api/user', { token: otherToken })).status).toBe(200);
  });

  it('counts wrong current passwords against the sign-in limits: 429 at the limit, for sign-in too', async () => {
    const { email, token } = await userWithTwoSessions();
    const wrong = () =>
      changePassword(token, { currentPassword: 'guess-guess', newPassword: 'second-password' });
    // RATE_LIMIT_LOGIN_PER_EMAIL_IP is 3 in this suite.
    for (let attempt = 0; attempt < 3; attempt++) expect((await wrong()).status).toBe(400);
    const limited = await wrong();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.json.message).toMatch(/^Too many attempts/);
    const right = await changePassword(token, {
      currentPassword: 'first-password',
      newPassword: 'second-password',
    });
    expect(right.status).toBe(429);
    const login = await stack.api('POST', '/api/auth/login', { body: { email, password: 'first-password' } });
    expect(login.status).toBe(429);
  });

  it.each([
    ['Please fill in all fields', { currentPassword: '', newPassword: 'second-password' }],
    ['Please fill in all fields', { currentPassword: 'first-password' }],
    [
      'Password must be at least 8 characters long',
      { currentPassword: 'first-password', newPassword: 'short' },
    ],
    [
      'Password must be at most 256 characters long',
      { currentPassword: 'first-password', newPassword: 'p'.repeat(257) },
    ],
    [
      'Your new password must be different from your current password',
      { currentPassword: 'first-password', newPassword: 'first-password' },
    ],
  ])('holds the new password to the password rules: %s', async (message, body) => {
    const { token } = await userWithTwoSessions();
    const refused = await changePassword(token, body);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ error: message, message });
  });

  it('needs a token', async () => {
    const refused = await changePassword('', {
      currentPassword: 'first-password',
      newPassword: 'second-one',
    });
    expect(refused.status).toBe(401);
  });
});
