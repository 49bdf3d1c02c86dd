/**
 * Story-room sockets under attack, end to end on two gateway instances: a session that ends while its
 * socket authenticates (sign-out, password change, account deletion), joins that are refused while the
 * room talks, a removed person, and an invite-only room's detail.
 */
import { ROOM_MESSAGES, type ChatMessageDto } from '@starborn/contracts';
import { randomUUID } from 'node:crypto';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { startStack, type GatewayInstance, type TestStack } from '../__tests__/stack.js';
import { RoomHeroes } from './room-heroes.js';

type Received = { event: string; payload: any };

/** A browser's socket that records what it receives. */
class Client {
  readonly received: Received[] = [];
  disconnected = false;

  private constructor(readonly socket: Socket) {
    socket.onAny((event: string, payload: unknown) => this.received.push({ event, payload }));
    socket.on('disconnect', () => (this.disconnected = true));
  }

  static async connect(baseUrl: string): Promise<Client> {
    const socket = connectSocket(baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    const client = new Client(socket);
    clients.push(client);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return client;
  }

  emit(event: string, payload?: unknown): void {
    this.socket.emit(event, payload);
  }

  count(event: string, match: (payload: any) => boolean = () => true): number {
    return this.received.filter((r) => r.event === event && match(r.payload)).length;
  }

  /** Waits until `done` holds (or the socket is gone), up to `timeoutMs`. */
  async until(done: () => boolean, timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done() && !this.disconnected) {
      if (Date.now() > deadline) {
        const seen = this.received.map((r) => `${r.event} ${JSON.stringify(r.payload).slice(0, 100)}`);
        throw new Error(`Timed out; received:\n${seen.join('\n')}`);
      }
      await sleep(10);
    }
  }

  async authenticate(token: string, heroId: string): Promise<void> {
    const before = this.count('authenticated');
    this.emit('authenticate', { token, heroId });
    await this.until(() => this.count('authenticated') > before);
  }

  async join(roomId: string, invite?: string): Promise<void> {
    const before = this.count('room_joined');
    this.emit('join_room', invite ? { roomId, invite } : { roomId });
    await this.until(() => this.count('room_joined') > before);
  }
}

const clients: Client[] = [];
let stack: TestStack;
let second: GatewayInstance;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PASSWORD = 'password-123';

beforeAll(async () => {
  stack = await startStack('room-sockets-security', {
    with: ['rooms'],
    // Generous limits: these tests are about who may hear a room, not how often one may ask.
    env: {
      RATE_LIMIT_ROOM_MESSAGES: '1000',
      RATE_LIMIT_ROOM_JOINS_PER_SOCKET: '10000',
      RATE_LIMIT_ROOM_JOINS_PER_USER: '10000',
      RATE_LIMIT_LOGIN_PER_IP: '10000',
      RATE_LIMIT_LOGIN_PER_EMAIL: '10000',
      RATE_LIMIT_LOGIN_PER_EMAIL_IP: '10000',
    },
  });
  second = await stack.addGateway();
}, 120_000);

afterEach(() => {
  for (const client of clients.splice(0)) client.socket.disconnect();
});

afterAll(async () => {
  await stack?.close();
}, 60_000);

/** A new user with a hero (not generated: a socket needs only that it exists and is theirs). */
async function newPerson(): Promise<{ email: string; userId: string; token: string; heroId: string }> {
  const email = `sockets-${randomUUID()}@example.com`;
  const registered = await stack.api('POST', '/api/auth/register', {
    body: { name: 'Socket Tester', email, password: PASSWORD },
  });
  expect(registered.status).toBe(201);
  const token: string = registered.json.token;
  return { email, userId: registered.json.user.id, token, heroId: await heroOf(token) };
}

let heroCount = 0;
/**
 * A new hero of the token's user. A user has one unpaid hero at most: the heroes of the owner of
 * `sibling` (one of theirs) are marked paid first.
 */
async function heroOf(token: string, sibling?: string): Promise<string> {
  if (sibling) {
    await stack.db.query(
      `UPDATE heroes.heroes SET payment_status = 'paid'
        WHERE owner_id = (SELECT owner_id FROM heroes.heroes WHERE id = $1)`,
      [sibling],
    );
  }
  const heroId = randomUUID().replaceAll('-', '');
  const created = await stack.api('POST', '/api/heroes', {
    token,
    body: { heroName: `Socket Hero ${++heroCount}`, birthdate: '1990-07-25', heroId },
  });
  expect(created.status).toBe(201);
  return heroId;
}

async function login(email: string, password = PASSWORD): Promise<string> {
  const response = await stack.api('POST', '/api/auth/login', { body: { email, password } });
  expect(response.status).toBe(200);
  return response.json.token;
}

async function createRoom(token: string, heroId: string): Promise<string> {
  const created = await stack.api('POST', '/api/shared-story/create', { token, body: { heroId } });
  expect(created.status).toBe(201);
  return created.json.roomId;
}

/**
 * After its session ended, a socket can neither join nor send: each attempt is refused (or the socket
 * is gone), and no room_joined ever comes.
 */
async function expectLockedOut(client: Client, roomId: string): Promise<void> {
  // The authenticate answer (or the disconnect) first, so the attempts below come after it.
  await client.until(() => client.count('authenticated') + client.count('authentication_error') > 0);
  const errorsBefore = client.count('error');
  client.emit('join_room', { roomId });
  client.emit('send_message', { message: 'Still signed in?' });
  await client.until(() => client.count('error') >= errorsBefore + 2);
  expect(client.count('room_joined')).toBe(0);
  for (const refusal of client.received.filter((r) => r.event === 'error')) {
    expect([ROOM_MESSAGES.signedOut, ROOM_MESSAGES.notAuthenticated]).toContain(refusal.payload.message);
  }
}

async function heroMessages(roomId: string, heroId: string): Promise<number> {
  const { rows } = await stack.db.query(
    `SELECT count(*)::int AS n FROM rooms.messages WHERE room_id = $1 AND sender_id = $2`,
    [roomId, heroId],
  );
  return rows[0].n;
}

/**
 * Runs `trial` `lanes` × `perLane` times: the lanes side by side, each lane's trials one after another
 * (a lane may stand for one person whose password changes from trial to trial).
 */
async function inLanes(
  lanes: number,
  perLane: number,
  trial: (lane: number, index: number) => Promise<void>,
): Promise<void> {
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      for (let index = 0; index < perLane; index++) await trial(lane, index);
    }),
  );
}

describe('a session that ends while its socket authenticates', () => {
  // 50 races each: 10 lanes of 5.
  const LANES = 10;
  const PER_LANE = 5;
  let roomId: string;
  const lookUp = RoomHeroes.prototype.ownHero;

  beforeAll(async () => {
    roomId = await createRoomOfNewHost();
    // The hero is looked up for a while (as on a busy heroes service), so the session ends in the middle
    // of authenticate: the window the attack aims for.
    RoomHeroes.prototype.ownHero = async function (this: RoomHeroes, ...args) {
      await sleep(50 + Math.floor(Math.random() * 300));
      return lookUp.apply(this, args);
    };
  }, 60_000);

  afterAll(() => {
    RoomHeroes.prototype.ownHero = lookUp;
  });

  it('sign-out: 50 races, no socket can join or send afterwards', async () => {
    const people = await Promise.all(Array.from({ length: LANES }, () => newPerson()));
    await inLanes(LANES, PER_LANE, async (lane, index) => {
      const person = people[lane]!;
      const token = await login(person.email);
      const client = await Client.connect(index % 2 ? stack.baseUrl : second.baseUrl);
      client.emit('authenticate', { token, heroId: person.heroId });
      await sleep(index * 20);
      const signedOut = await stack.api('POST', '/api/auth/logout', { token });
      expect(signedOut.status).toBe(200);
      await expectLockedOut(client, roomId);
    });
    for (const person of people) expect(await heroMessages(roomId, person.heroId)).toBe(0);
  }, 120_000);

  it('password change: 50 races, no socket of an old token can join or send afterwards', async () => {
    const people = await Promise.all(Array.from({ length: LANES }, () => newPerson()));
    const passwords = people.map(() => PASSWORD);
    // Each change hands out a fresh token: the next trial's.
    const tokens = people.map((person) => person.token);
    await inLanes(LANES, PER_LANE, async (lane, index) => {
      const person = people[lane]!;
      const token = tokens[lane]!;
      const client = await Client.connect(index % 2 ? stack.baseUrl : second.baseUrl);
      client.emit('authenticate', { token, heroId: person.heroId });
      await sleep(index * 20);
      const newPassword = `password-${lane}-${index}-${randomUUID().slice(0, 8)}`;
      const changed = await stack.api('POST', '/api/user/password', {
        token,
        body: { currentPassword: passwords[lane], newPassword },
      });
      expect(changed.status).toBe(200);
      passwords[lane] = newPassword;
      tokens[lane] = changed.json.token;
      await expectLockedOut(client, roomId);
    });
    for (const person of people) expect(await heroMessages(roomId, person.heroId)).toBe(0);
  }, 120_000);

  it('account deletion: 50 races, no socket of a deleted account can join or send afterwards', async () => {
    const people = await Promise.all(Array.from({ length: LANES * PER_LANE }, () => newPerson()));
    await inLanes(LANES, PER_LANE, async (lane, index) => {
      const person = people[lane * PER_LANE + index]!;
      const client = await Client.connect(index % 2 ? stack.baseUrl : second.baseUrl);
      client.emit('authenticate', { token: person.token, heroId: person.heroId });
      await sleep(index * 20);
      const deleted = await stack.api('DELETE', '/api/user', {
        token: person.token,
        body: { password: PASSWORD },
      });
      expect(deleted.status).toBe(200);
      await expectLockedOut(client, roomId);
    });
    for (const person of people) expect(await heroMessages(roomId, person.heroId)).toBe(0);
  }, 120_000);
});

/** A public room of a new premium host. */
async function createRoomOfNewHost(): Promise<string> {
  const host = await stack.newHero({ paid: true });
  return createRoom(host.token, host.heroId);
}

/** An invite-only room of a new premium host, with a premium member let in by its link. */
async function inviteOnlyRoomWithMember() {
  const host = await stack.newHero({ paid: true });
  const roomId = await createRoom(host.token, host.heroId);
  const made = await stack.api('PATCH', `/api/shared-story/${roomId}`, {
    token: host.token,
    body: { inviteOnly: true },
  });
  expect(made.status).toBe(200);
  const invite: string = made.json.inviteToken;
  const member = await stack.newHero({ paid: true });
  const hostSocket = await Client.connect(stack.baseUrl);
  await hostSocket.authenticate(host.token, host.heroId);
  await hostSocket.join(roomId);
  const memberSocket = await Client.connect(second.baseUrl);
  await memberSocket.authenticate(member.token, member.heroId);
  await memberSocket.join(roomId, invite);
  return { roomId, invite, host, member, hostSocket, memberSocket };
}

/** `speaker` sends `count` lines while `attempts` run; resolves when both are done and delivered. */
async function talkDuring(speaker: Client, count: number, attempts: Promise<void>): Promise<void> {
  let talking = true;
  const talk = (async () => {
    for (let i = 0; i < count && talking; i++) {
      speaker.emit('send_message', { message: `secret line ${i}` });
      await sleep(15);
    }
  })();
  await attempts;
  talking = false;
  await talk;
  await sleep(300);
}

describe('a refused join', () => {
  /** Per socket. */
  const ATTEMPTS = 25;
  it('hears nothing of an invite-only room: 75 refused joins while members talk receive 0 messages', async () => {
    const { roomId, memberSocket } = await inviteOnlyRoomWithMember();
    const outsider = await newPerson();
    const sockets = await Promise.all(
      [stack.baseUrl, second.baseUrl, stack.baseUrl].map((url) => Client.connect(url)),
    );
    for (const socket of sockets) await socket.authenticate(outsider.token, outsider.heroId);
    const attempts = Promise.all(
      sockets.map(async (socket) => {
        for (let i = 0; i < ATTEMPTS; i++) socket.emit('join_room', { roomId });
        await socket.until(() => socket.count('error') >= ATTEMPTS, 20_000);
      }),
    ).then(() => undefined);
    await talkDuring(memberSocket, 60, attempts);
    expect(
      memberSocket.count('message', (m: ChatMessageDto) => m.content.startsWith('secret')),
    ).toBeGreaterThan(0);
    for (const socket of sockets) {
      expect(socket.count('error', (e) => e.message === ROOM_MESSAGES.inviteRequired)).toBe(ATTEMPTS);
      expect(socket.count('message')).toBe(0);
      expect(socket.count('room_joined')).toBe(0);
    }
  }, 120_000);

  it('of a removed person hears nothing either, with the old link or another hero', async () => {
    const { roomId, invite, host, member, hostSocket, memberSocket } = await inviteOnlyRoomWithMember();
    const removed = await stack.api('POST', `/api/shared-story/${roomId}/remove`, {
      token: host.token,
      body: { heroId: member.heroId },
    });
    expect(removed.status).toBe(200);
    await memberSocket.until(() => memberSocket.disconnected);
    const otherHeroId = await heroOf(member.token, member.heroId);
    const sockets = await Promise.all([stack.baseUrl, second.baseUrl].map((url) => Client.connect(url)));
    await sockets[0]!.authenticate(member.token, member.heroId);
    await sockets[1]!.authenticate(member.token, otherHeroId);
    const attempts = Promise.all(
      sockets.map(async (socket) => {
        for (let i = 0; i < ATTEMPTS; i++) socket.emit('join_room', { roomId, invite });
        await socket.until(() => socket.count('error') >= ATTEMPTS, 20_000);
      }),
    ).then(() => undefined);
    await talkDuring(hostSocket, 60, attempts);
    for (const socket of sockets) {
      expect(socket.count('error', (e) => e.message === ROOM_MESSAGES.removedFromRoom)).toBe(ATTEMPTS);
      expect(socket.count('message')).toBe(0);
      expect(socket.count('room_joined')).toBe(0);
    }
  }, 120_000);
});

describe('removing a hero', () => {
  it('removes the person: all their heroes are dropped and refused, and the invite link is rotated', async () => {
    const host = await stack.newHero({ paid: true });
    const roomId = await createRoom(host.token, host.heroId);
    const path = `/api/shared-story/${roomId}`;
    const made = await stack.api('PATCH', path, { token: host.token, body: { inviteOnly: true } });
    const oldInvite: string = made.json.inviteToken;
    const guest = await newPerson();
    const guestsOther = await heroOf(guest.token, guest.heroId);
    const first = await Client.connect(stack.baseUrl);
    const other = await Client.connect(second.baseUrl);
    await first.authenticate(guest.token, guest.heroId);
    await first.join(roomId, oldInvite);
    await other.authenticate(guest.token, guestsOther);
    await other.join(roomId, oldInvite);

    const removed = await stack.api('POST', `${path}/remove`, {
      token: host.token,
      body: { heroId: guest.heroId },
    });
    expect(removed.status).toBe(200);
    expect(removed.json.participants.map((p: { id: string }) => p.id)).toEqual([host.heroId]);
    // The host's answer carries the new link; the detail too.
    const newInvite: string = removed.json.inviteToken;
    expect(newInvite).toEqual(expect.any(String));
    expect(newInvite).not.toBe(oldInvite);
    expect((await stack.api('GET', path, { token: host.token })).json.inviteToken).toBe(newInvite);
    // Both heroes' sockets are dropped, on both instances.
    for (const client of [first, other]) {
      await client.until(() => client.disconnected);
      expect(client.count('hero_removed', (e) => e.heroId === guest.heroId)).toBe(1);
    }
    // A third hero of the same person, with either link: refused.
    const third = await heroOf(guest.token, guest.heroId);
    for (const invite of [oldInvite, newInvite]) {
      const again = await Client.connect(second.baseUrl);
      await again.authenticate(guest.token, third);
      again.emit('join_room', { roomId, invite });
      await again.until(() => again.count('error') > 0);
      expect(again.received.find((r) => r.event === 'error')!.payload).toEqual({
        message: ROOM_MESSAGES.removedFromRoom,
      });
    }
    // A brand-new account with the old link: refused; with the new one: in.
    const stranger = await newPerson();
    const newcomer = await Client.connect(stack.baseUrl);
    await newcomer.authenticate(stranger.token, stranger.heroId);
    newcomer.emit('join_room', { roomId, invite: oldInvite });
    await newcomer.until(() => newcomer.count('error') > 0);
    expect(newcomer.received.find((r) => r.event === 'error')!.payload).toEqual({
      message: ROOM_MESSAGES.inviteRequired,
    });
    await newcomer.join(roomId, newInvite);
  }, 120_000);
});

describe('GET /api/shared-story/{id} of an invite-only room', () => {
  it('answers 404, as for an unknown room, to anyone but its members and invite holders', async () => {
    const { roomId, invite, host, member } = await inviteOnlyRoomWithMember();
    const path = `/api/shared-story/${roomId}`;
    const outsider = await newPerson();
    const unknown = await stack.api('GET', '/api/shared-story/00000000-0000-4000-8000-000000000000', {
      token: outsider.token,
    });
    expect(unknown.status).toBe(404);
    for (const query of ['', '?invite=wrong', `?invite=${'x'.repeat(500)}`]) {
      const refused = await second.api('GET', `${path}${query}`, { token: outsider.token });
      expect({ status: refused.status, json: refused.json }).toEqual({
        status: unknown.status,
        json: unknown.json,
      });
    }
    // Its members, and an invite holder who has not joined yet.
    for (const token of [host.token, member.token]) {
      expect((await stack.api('GET', path, { token })).status).toBe(200);
    }
    const invited = await stack.api('GET', `${path}?invite=${encodeURIComponent(invite)}`, {
      token: outsider.token,
    });
    expect(invited.status).toBe(200);
    expect(invited.json).not.toHaveProperty('inviteToken');
    // Removed: 404 again, whichever link it holds.
    const removed = await stack.api('POST', `${path}/remove`, {
      token: host.token,
      body: { heroId: member.heroId },
    });
    for (const query of ['', `?invite=${invite}`, `?invite=${removed.json.inviteToken}`]) {
      const refused = await stack.api('GET', `${path}${query}`, { token: member.token });
      expect({ status: refused.status, json: refused.json }).toEqual({
        status: unknown.status,
        json: unknown.json,
      });
    }
  }, 120_000);
});
