/**
 * System proof: sessions and abuse limits hold across gateway instances (two gateways, as in
 * production behind a load balancer; scripts/system/harness.ts).
 *
 * - Signing out on gateway 1 ends the token on gateway 2; signing out everywhere ends every token.
 * - Room creation and hero generation floods get 429 with Retry-After, whichever gateway they reach.
 * - A flood of wrong passwords from one address does not stop the owner signing in from another
 *   (two loopback addresses, 127.0.0.1 and 127.0.0.2, as the client's own address; TRUST_PROXY off, so
 *   the gateway counts the socket's address).
 * - A flood of sign-ups from one address (127.0.0.3), malformed ones included, meets the ceiling on
 *   both gateways; sign-ups from another address go on.
 * - A hero its room's host removes through gateway 1 is dropped at once from the room on gateway 2,
 *   and neither gateway lets it back in.
 */
import { request as httpRequest } from 'node:http';
import { Api, SocketClient, type ApiResponse } from './client.js';
import { startSystem, type System } from './harness.js';
import { heroFor, pay, register, type Account, type Owner } from './world.js';

const LIMITS = {
  RATE_LIMIT_LOGIN_PER_EMAIL_IP: '5',
  RATE_LIMIT_LOGIN_PER_EMAIL: '40',
  RATE_LIMIT_LOGIN_PER_IP: '200',
  RATE_LIMIT_ROOM_CREATE: '3',
  RATE_LIMIT_HERO_GENERATE: '4',
  // Every address of this suite stays below it but the flooding one.
  RATE_LIMIT_REGISTER_ATTEMPTS_PER_IP: '20',
};

let system: System;
let api: Api;

beforeAll(async () => {
  system = await startSystem({ label: 'abuse', env: LIMITS });
  api = new Api(system.gatewayUrls);
}, 180_000);

afterAll(async () => {
  await system?.stop();
});

/** A JSON POST to one gateway from a chosen loopback address (the client end of the connection). */
function postFrom(
  localAddress: string,
  gateway: number,
  path: string,
  body: unknown,
): Promise<{ status: number; json: any; retryAfter?: string }> {
  const url = new URL(path, system.gatewayUrls[gateway]);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          let json: any;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          const retryAfter = res.headers['retry-after'];
          resolve({
            status: res.statusCode ?? 0,
            json,
            retryAfter: retryAfter ? String(retryAfter) : undefined,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Another session of the account. */
const signIn = (account: Account) =>
  api.call({
    method: 'POST',
    path: '/api/auth/login',
    body: { email: account.email, password: account.password },
  });

const expectRetryAfter = (response: ApiResponse) => {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
};

describe('sign-out across gateway instances', () => {
  it('a token signed out on gateway 1 gets 401 on gateway 2; other sessions stay', async () => {
    const account = await register(api, 'logout');
    const second = await signIn(account);
    expect(second.status).toBe(200);
    for (const gateway of [0, 1]) {
      expect(
        (await api.call({ method: 'GET', path: '/api/user', token: account.token, gateway })).status,
      ).toBe(200);
    }
    const out = await api.call({
      method: 'POST',
      path: '/api/auth/logout',
      token: account.token,
      gateway: 0,
    });
    expect(out.status).toBe(200);
    for (const gateway of [1, 0]) {
      const refused = await api.call({ method: 'GET', path: '/api/user', token: account.token, gateway });
      expect(`gateway ${gateway}: ${refused.status}`).toBe(`gateway ${gateway}: 401`);
    }
    const other = await api.call({ method: 'GET', path: '/api/user', token: second.json.token, gateway: 1 });
    expect(other.status).toBe(200);
  });

  it('signing out everywhere on gateway 2 ends every token on both', async () => {
    const account = await register(api, 'logout-all');
    const tokens = [account.token];
    for (let i = 0; i < 2; i++) {
      const session = await signIn(account);
      tokens.push(session.json.token as string);
    }
    const out = await api.call({
      method: 'POST',
      path: '/api/auth/logout-all',
      token: tokens[2],
      gateway: 1,
    });
    expect(out.status).toBe(200);
    for (const token of tokens) {
      for (const gateway of [0, 1]) {
        expect((await api.call({ method: 'GET', path: '/api/user/heroes', token, gateway })).status).toBe(
          401,
        );
      }
    }
  });

  it('a signed-out token cannot authenticate a socket for the shared story', async () => {
    const account = await register(api, 'logout-socket');
    await api.call({ method: 'POST', path: '/api/auth/logout', token: account.token, gateway: 1 });
    const socket = await SocketClient.connect(system.gatewayUrls[0]!, account.token);
    try {
      socket.emit('authenticate', { token: account.token, heroId: 'a'.repeat(32) });
      const answer = await socket.next(['authentication_error', 'authenticated']);
      expect(answer.event).toBe('authentication_error');
    } finally {
      socket.close();
    }
  });
});

describe('open sockets of a signed-out token', () => {
  const disconnected = (client: SocketClient) =>
    new Promise<string>((resolve) => client.socket.once('disconnect', (reason) => resolve(String(reason))));
  const stillConnected = async (client: SocketClient) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    return client.socket.connected;
  };

  it('are disconnected on every gateway; a socket of another session stays', async () => {
    const account = await register(api, 'logout-live');
    const second = await signIn(account);
    const signedOut = await SocketClient.connect(system.gatewayUrls[0]!, account.token);
    const other = await SocketClient.connect(system.gatewayUrls[1]!, second.json.token as string);
    try {
      const gone = disconnected(signedOut);
      await api.call({ method: 'POST', path: '/api/auth/logout', token: account.token, gateway: 1 });
      expect(await gone).toBe('io server disconnect');
      expect(await stillConnected(other)).toBe(true);
    } finally {
      signedOut.close();
      other.close();
    }
  });

  it('signing out everywhere disconnects every socket of the user', async () => {
    const account = await register(api, 'logout-all-live');
    const clients = await Promise.all(
      [0, 1].map((gateway) => SocketClient.connect(system.gatewayUrls[gateway]!, account.token)),
    );
    try {
      const gone = clients.map(disconnected);
      await api.call({ method: 'POST', path: '/api/auth/logout-all', token: account.token, gateway: 0 });
      expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
    } finally {
      for (const client of clients) client.close();
    }
  });
});

describe("a hero removed by its room's host", () => {
  it('has its socket on the other gateway dropped at once, and cannot join again on either', async () => {
    const host = await heroFor(api, await register(api, 'room-host'), 'Orion Host');
    await pay(api, host, 'premium_upgrade');
    const guest = await heroFor(api, await register(api, 'room-guest'), 'Wren Guest');
    const created = await api.call({
      method: 'POST',
      path: '/api/shared-story/create',
      token: host.token,
      body: { heroId: host.heroId },
      gateway: 0,
    });
    expect(created.status).toBe(201);
    const roomId = created.json.roomId as string;
    const enter = async (gateway: number, owner: Owner) => {
      const socket = await SocketClient.connect(system.gatewayUrls[gateway]!, owner.token);
      socket.emit('authenticate', { token: owner.token, heroId: owner.heroId });
      await socket.next(['authenticated']);
      socket.emit('join_room', { roomId });
      return socket;
    };
    const hostSocket = await enter(0, host);
    const guestSocket = await enter(1, guest);
    const sockets = [hostSocket, guestSocket];
    try {
      await hostSocket.next(['room_joined']);
      await guestSocket.next(['room_joined']);
      const dropped = new Promise<number>((resolve) =>
        guestSocket.socket.once('disconnect', () => resolve(Date.now())),
      );
      const asked = Date.now();
      const removed = await api.call({
        method: 'POST',
        path: `/api/shared-story/${roomId}/remove`,
        token: host.token,
        body: { heroId: guest.heroId },
        gateway: 0,
      });
      expect(removed.status).toBe(200);
      // At once: the removal's answer and the drop on the other gateway come within moments.
      expect((await dropped) - asked).toBeLessThan(2_000);
      expect((await guestSocket.next(['hero_removed'])).payload).toEqual({ roomId, heroId: guest.heroId });
      expect((await hostSocket.next(['hero_removed'])).payload).toEqual({ roomId, heroId: guest.heroId });
      expect(hostSocket.socket.connected).toBe(true);
      for (const gateway of [1, 0]) {
        const again = await enter(gateway, guest);
        sockets.push(again);
        const answer = await again.next(['room_joined', 'error']);
        expect(`gateway ${gateway}: ${answer.event} ${answer.payload.message}`).toBe(
          `gateway ${gateway}: error You were removed from this room.`,
        );
      }
    } finally {
      for (const socket of sockets) socket.close();
    }
  });
});

describe('floods get 429 with Retry-After on either gateway', () => {
  let owner: Owner;

  beforeAll(async () => {
    const account = await register(api, 'flood');
    owner = await heroFor(api, account, 'Flood Tester');
    await pay(api, owner, 'premium_upgrade');
    await api.post(`/api/heroes/setpremium/${owner.heroId}`, owner.token);
  }, 120_000);

  it('room creation: the user’s allowance across both gateways, then 429', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const created = await api.call({
        method: 'POST',
        path: '/api/shared-story/create',
        token: owner.token,
        body: { heroId: owner.heroId },
        gateway: i % 2,
      });
      statuses.push(created.status);
    }
    expect(statuses).toEqual([201, 201, 201]);
    for (const gateway of [0, 1]) {
      const limited = await api.call({
        method: 'POST',
        path: '/api/shared-story/create',
        token: owner.token,
        body: { heroId: owner.heroId },
        gateway,
      });
      expectRetryAfter(limited);
      expect(limited.json.message).toMatch(/^You have created too many rooms for now\./);
    }
  });

  it('hero generation (a paid hero): the allowance across both gateways, then 429', async () => {
    // heroFor already generated once (1 of 4).
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (
          await api.call({
            method: 'POST',
            path: `/api/heroes/generate/${owner.heroId}`,
            token: owner.token,
            gateway: i % 2,
          })
        ).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200]);
    for (const gateway of [0, 1]) {
      const limited = await api.call({
        method: 'POST',
        path: `/api/heroes/generate/${owner.heroId}`,
        token: owner.token,
        gateway,
      });
      expectRetryAfter(limited);
      expect(limited.json.message).toMatch(/^You have started too many hero generations for now\./);
    }
  });
});

describe('sign-in floods', () => {
  it('wrong passwords from 127.0.0.2 do not stop the owner signing in from 127.0.0.1', async () => {
    const account = await register(api, 'login-flood');
    const guesses = [];
    for (let i = 0; i < 12; i++) {
      const guess = await postFrom('127.0.0.2', i % 2, '/api/auth/login', {
        email: account.email,
        password: 'wrong-password',
      });
      guesses.push(guess.status);
      if (guess.status === 429) expect(Number(guess.retryAfter)).toBeGreaterThan(0);
    }
    expect(guesses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(guesses.slice(5).every((status) => status === 429)).toBe(true);
    for (const gateway of [0, 1]) {
      const owner = await postFrom('127.0.0.1', gateway, '/api/auth/login', {
        email: account.email,
        password: account.password,
      });
      expect(`gateway ${gateway}: ${owner.status}`).toBe(`gateway ${gateway}: 200`);
    }
  });
});

describe('sign-up floods', () => {
  it('requests from 127.0.0.3, malformed ones included, meet the ceiling on both gateways; 127.0.0.1 signs up', async () => {
    const attempt = (gateway: number, email: string) =>
      postFrom('127.0.0.3', gateway, '/api/auth/register', {
        name: 'Flood',
        email,
        password: 'flood-password',
      });
    const statuses = [];
    for (let i = 0; i < 20; i++) statuses.push((await attempt(i % 2, `not-an-email-${i}`)).status);
    expect(statuses.every((status) => status === 400)).toBe(true);
    for (const gateway of [0, 1]) {
      const limited = await attempt(gateway, `flood-${gateway}-${Date.now()}@example.com`);
      expect(limited.status).toBe(429);
      expect(Number(limited.retryAfter)).toBeGreaterThan(0);
      expect(limited.json.message).toMatch(/^Too many attempts\./);
    }
    await register(api, 'after-flood');
  });
});
