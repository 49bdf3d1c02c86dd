/**
 * Shared story rooms end to end: two gateway instances (one process, same Redis prefix and database, as
 * two replicas behind a load balancer) with auth, heroes, generation (local narrator) and rooms, and
 * real socket.io clients on both instances.
 */
import {
  DEFAULT_ROOM_TITLE,
  RESERVED_SENDER_ID,
  ROOM_MESSAGE_MAX_LENGTH,
  ROOM_MESSAGES,
  type ChatMessageDto,
  type RoomJoinedDto,
} from '@starborn/contracts';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { startStack, type GatewayInstance, type TestStack } from '../__tests__/stack.js';

type Received = { event: string; payload: any; taken: boolean };

/** A browser's socket: records every event it receives, in order, and waits for the ones asked for. */
class Client {
  readonly received: Received[] = [];
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: Socket) {
    socket.onAny((event: string, payload: unknown) => {
      this.received.push({ event, payload, taken: false });
      for (const wake of this.waiters.splice(0)) wake();
    });
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

  /** The first event of that name (and matching) not yet taken, waiting up to `timeoutMs`. */
  async next<T = any>(
    event: string,
    match: (payload: T) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find((r) => !r.taken && r.event === event && match(r.payload));
      if (found) {
        found.taken = true;
        return found.payload as T;
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        const seen = this.received.map((r) => `${r.event} ${JSON.stringify(r.payload).slice(0, 120)}`);
        throw new Error(`No "${event}" within ${timeoutMs} ms; received:\n${seen.join('\n')}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Marks every event of that name received so far as taken: `next` then waits for a later one. */
  skipReceived(event: string): void {
    for (const r of this.received) if (r.event === event) r.taken = true;
  }

  /** A chat message with this content. */
  message(content: string, timeoutMs?: number): Promise<ChatMessageDto> {
    return this.next<ChatMessageDto>('message', (m) => m.content === content, timeoutMs);
  }

  count(event: string, match: (payload: any) => boolean = () => true): number {
    return this.received.filter((r) => r.event === event && match(r.payload)).length;
  }

  async authenticate(token: string, heroId: string): Promise<{ heroId: string; isPremium: boolean }> {
    this.emit('authenticate', { token, heroId });
    return this.next('authenticated');
  }

  async join(roomId: string, invite?: string): Promise<RoomJoinedDto> {
    this.emit('join_room', invite ? { roomId, invite } : { roomId });
    return this.next<RoomJoinedDto>('room_joined');
  }

  close(): void {
    this.socket.disconnect();
  }
}

const clients: Client[] = [];
let stack: TestStack;
let second: GatewayInstance;
/** Premium heroes A and B, non-premium C, each of its own user. */
let a: { token: string; heroId: string; hero: any };
let b: { token: string; heroId: string; hero: any };
let c: { token: string; heroId: string; hero: any };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function createRoom(hero: { token: string; heroId: string }): Promise<string> {
  const created = await stack.api('POST', '/api/shared-story/create', {
    token: hero.token,
    body: { heroId: hero.heroId },
  });
  expect(created.status).toBe(201);
  return created.json.roomId;
}

/** The lobby row of a room, as one gateway instance answers it. */
async function lobbyRow(api: TestStack['api'], token: string, roomId: string) {
  const listed = await api('GET', '/api/shared-story', { token });
  expect(listed.status).toBe(200);
  return (listed.json as any[]).find((room) => room.id === roomId);
}

/** Polls until `check` passes (counts follow disconnects a moment later). */
async function eventually(check: () => Promise<void>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(100);
    }
  }
}

beforeAll(async () => {
  stack = await startStack('rooms', {
    with: ['rooms'],
    env: {
      RATE_LIMIT_ROOM_MESSAGES: '5',
      RATE_LIMIT_ROOM_MESSAGES_WINDOW_SECONDS: '5',
      RATE_LIMIT_ROOM_JOINS_PER_SOCKET: '5',
      RATE_LIMIT_ROOM_JOINS_PER_SOCKET_WINDOW_SECONDS: '10',
      RATE_LIMIT_ROOM_JOINS_PER_USER: '20',
      RATE_LIMIT_ROOM_JOINS_PER_USER_WINDOW_SECONDS: '60',
    },
  });
  second = await stack.addGateway();
  [a, b, c] = await Promise.all([
    stack.newHero({ paid: true }),
    stack.newHero({ paid: true }),
    stack.newHero({ paid: false }),
  ]);
}, 120_000);

afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

afterAll(async () => {
  await stack?.close();
}, 60_000);

describe('POST /api/shared-story/create', () => {
  it('needs a signed-in user', async () => {
    const response = await stack.api('POST', '/api/shared-story/create', { body: { heroId: a.heroId } });
    expect(response.status).toBe(401);
  });

  it("refuses without a hero: 'Please select a hero first'", async () => {
    for (const body of [{}, { heroId: '' }, { heroId: 42 }]) {
      const response = await stack.api('POST', '/api/shared-story/create', { token: a.token, body });
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({
        message: ROOM_MESSAGES.selectHeroFirst,
        error: ROOM_MESSAGES.selectHeroFirst,
      });
    }
  });

  it("refuses someone else's hero as not found", async () => {
    const response = await stack.api('POST', '/api/shared-story/create', {
      token: b.token,
      body: { heroId: a.heroId },
    });
    expect(response.status).toBe(404);
    expect(response.json).toMatchObject({ error: ROOM_MESSAGES.heroNotFound });
  });

  it('refuses a non-premium hero', async () => {
    const response = await stack.api('POST', '/api/shared-story/create', {
      token: c.token,
      body: { heroId: c.heroId },
    });
    expect(response.status).toBe(403);
    expect(response.json).toMatchObject({
      code: 'FORBIDDEN',
      message: ROOM_MESSAGES.premiumRequiredToCreate,
      error: ROOM_MESSAGES.premiumRequiredToCreate,
    });
  });

  it('creates a room for a premium hero, listed and readable on both instances', async () => {
    const roomId = await createRoom(a);
    expect(roomId).toMatch(/^[0-9a-f-]{36}$/);
    for (const api of [stack.api, second.api]) {
      const detail = await api('GET', `/api/shared-story/${roomId}`, { token: b.token });
      expect(detail.status).toBe(200);
      // The creator is listed before its socket joins.
      expect(detail.json).toMatchObject({
        // Named after its creator, not the generic default.
        title: expect.stringMatching(/^.+'s \w+ \w+$/),
        participants: [{ id: a.heroId, name: a.hero.name, avatar: expect.any(String), isPremium: true }],
      });
      expect(detail.json.title.startsWith(`${a.hero.name}'s `)).toBe(true);
      expect(detail.json.title).not.toBe(DEFAULT_ROOM_TITLE);
      expect(await lobbyRow(api, b.token, roomId)).toEqual({
        id: roomId,
        title: detail.json.title,
        created: expect.any(String),
        updated: expect.any(String),
        participantCount: 0,
        spectatorCount: 0,
        heroes: [],
        host: { id: a.heroId, name: a.hero.name, avatar: expect.any(String) },
        lastMessageAt: null,
      });
    }
  });
});

describe('GET /api/shared-story', () => {
  it('needs a signed-in user', async () => {
    expect((await stack.api('GET', '/api/shared-story')).status).toBe(401);
    expect((await stack.api('GET', '/api/shared-story/00000000-0000-4000-8000-000000000000')).status).toBe(
      401,
    );
  });

  it("answers 'Room not found.' for an unknown or malformed room id", async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-room', 'x'.repeat(90)]) {
      const response = await stack.api('GET', `/api/shared-story/${id}`, { token: a.token });
      expect(response.status).toBe(404);
      expect(response.json).toMatchObject({ error: ROOM_MESSAGES.roomNotFound });
    }
  });
});

describe('authenticate', () => {
  it('refuses a bad token, a missing hero and someone else’s hero, and accepts the own hero', async () => {
    const client = await Client.connect(stack.baseUrl);
    client.emit('authenticate', { token: 'not-a-token', heroId: a.heroId });
    expect(await client.next('authentication_error')).toEqual({ message: ROOM_MESSAGES.invalidToken });
    client.emit('authenticate', { heroId: a.heroId });
    expect(await client.next('authentication_error')).toEqual({ message: ROOM_MESSAGES.invalidToken });
    client.emit('authenticate', { token: a.token });
    expect(await client.next('authentication_error')).toEqual({ message: ROOM_MESSAGES.selectHeroFirst });
    client.emit('authenticate', { token: a.token, heroId: b.heroId });
    expect(await client.next('authentication_error')).toEqual({ message: ROOM_MESSAGES.heroNotFound });
    client.emit('authenticate', { token: a.token, heroId: 'zz' });
    expect(await client.next('authentication_error')).toEqual({ message: ROOM_MESSAGES.heroNotFound });
    client.emit('authenticate', 'garbage');
    expect(await client.next('authentication_error')).toEqual({ message: ROOM_MESSAGES.invalidToken });

    expect(await client.authenticate(a.token, a.heroId)).toEqual({ heroId: a.heroId, isPremium: true });
    expect(client.socket.connected).toBe(true);

    const free = await Client.connect(second.baseUrl);
    expect(await free.authenticate(c.token, c.heroId)).toEqual({ heroId: c.heroId, isPremium: false });
  });

  it('must come before join_room and send_message', async () => {
    const client = await Client.connect(stack.baseUrl);
    client.emit('join_room', { roomId: '00000000-0000-4000-8000-000000000000' });
    expect(await client.next('error')).toEqual({ message: ROOM_MESSAGES.notAuthenticated });
    client.emit('send_message', { message: 'hello' });
    expect(await client.next('error')).toEqual({ message: ROOM_MESSAGES.notAuthenticated });
    await client.authenticate(a.token, a.heroId);
    client.emit('send_message', { message: 'hello' });
    expect(await client.next('error')).toEqual({ message: ROOM_MESSAGES.notInRoom });
    for (const payload of [
      undefined,
      42,
      { roomId: 'nope' },
      { roomId: '00000000-0000-4000-8000-000000000000' },
    ]) {
      client.emit('join_room', payload);
      expect(await client.next('error')).toEqual({ message: ROOM_MESSAGES.roomNotFound });
    }
    expect(client.socket.connected).toBe(true);
  });
});

describe('a room across two gateway instances', () => {
  it('joins as participant or spectator, delivers messages to both instances, and refuses what it must', async () => {
    const roomId = await createRoom(a);
    const alice = await Client.connect(stack.baseUrl);
    const bob = await Client.connect(second.baseUrl);
    const carol = await Client.connect(second.baseUrl);
    await alice.authenticate(a.token, a.heroId);
    await bob.authenticate(b.token, b.heroId);
    await carol.authenticate(c.token, c.heroId);

    const aliceJoined = await alice.join(roomId);
    expect(aliceJoined).toMatchObject({ roomId, isPremium: true, role: 'participant' });
    expect(aliceJoined.messages.length).toBeLessThanOrEqual(100);
    // The narrator's introduction: in the history, or still being written (so shown as such) and next.
    if (!aliceJoined.messages.some((m) => m.sender.id === RESERVED_SENDER_ID)) {
      expect(aliceJoined.narratorTyping).toBe(true);
      await alice.next<ChatMessageDto>('message', (m) => m.kind === 'narrator', 30_000);
    }
    expect(await bob.join(roomId)).toMatchObject({ roomId, isPremium: true, role: 'participant' });
    // Alice (instance 1) hears Bob (instance 2) join.
    await alice.next<ChatMessageDto>(
      'message',
      (m) => m.kind === 'system' && m.content.includes(b.hero.name),
    );
    expect(await carol.join(roomId)).toMatchObject({ roomId, isPremium: false, role: 'spectator' });
    // Counts on both instances: 2 heroes, 1 spectator; the row names them, participants first.
    for (const api of [stack.api, second.api]) {
      const row = await lobbyRow(api, a.token, roomId);
      expect(row).toMatchObject({ participantCount: 2, spectatorCount: 1 });
      expect(row.heroes.slice(0, 2)).toEqual(
        expect.arrayContaining([
          { id: a.heroId, name: a.hero.name, avatar: expect.any(String), role: 'participant' },
          { id: b.heroId, name: b.hero.name, avatar: expect.any(String), role: 'participant' },
        ]),
      );
      expect(row.heroes[2]).toEqual({
        id: c.heroId,
        name: c.hero.name,
        avatar: expect.any(String),
        role: 'spectator',
      });
    }
    const detail = await second.api('GET', `/api/shared-story/${roomId}`, { token: c.token });
    expect(detail.json.participants).toEqual(
      expect.arrayContaining([
        { id: a.heroId, name: a.hero.name, avatar: expect.any(String), isPremium: true },
        { id: c.heroId, name: c.hero.name, avatar: expect.any(String), isPremium: false },
      ]),
    );

    // A message from instance 1 reaches everyone, once, trimmed, with its sender.
    alice.emit('send_message', { message: '  The stars are bright tonight.  ' });
    const seen = await Promise.all(
      [alice, bob, carol].map((client) => client.message('The stars are bright tonight.')),
    );
    for (const message of seen) {
      expect(message).toMatchObject({
        id: seen[0].id,
        kind: 'hero',
        timestamp: expect.any(String),
        sender: { id: a.heroId, name: a.hero.name, avatar: expect.any(String) },
      });
    }
    bob.emit('send_message', { message: 'Let us follow the comet.' });
    await Promise.all([alice, bob, carol].map((client) => client.message('Let us follow the comet.')));

    // Refusals: a spectator, empty, too long; the socket keeps working afterwards.
    carol.emit('send_message', { message: 'May I speak?' });
    expect(await carol.next('error')).toEqual({ message: ROOM_MESSAGES.spectatorCannotSend });
    bob.emit('send_message', { message: '   ' });
    expect(await bob.next('error')).toEqual({ message: ROOM_MESSAGES.messageEmpty });
    bob.emit('send_message', {});
    expect(await bob.next('error')).toEqual({ message: ROOM_MESSAGES.messageEmpty });
    bob.emit('send_message', { message: 'x'.repeat(ROOM_MESSAGE_MAX_LENGTH + 1) });
    expect(await bob.next('error')).toEqual({ message: ROOM_MESSAGES.messageTooLong });

    expect(alice.count('message', (m) => m.content === 'The stars are bright tonight.')).toBe(1);
    expect(carol.count('message', (m) => m.content === 'Let us follow the comet.')).toBe(1);
    expect(carol.count('error')).toBe(1);

    // A second tab of Bob's hero does not count twice; Carol leaving drops the spectator count everywhere.
    const bobAgain = await Client.connect(stack.baseUrl);
    await bobAgain.authenticate(b.token, b.heroId);
    await bobAgain.join(roomId);
    expect(await lobbyRow(second.api, a.token, roomId)).toMatchObject({
      participantCount: 2,
      spectatorCount: 1,
    });
    // Leaving is presence, live: the room hears who is in now at once (a "left" line waits out a grace).
    alice.skipReceived('room_presence');
    carol.close();
    await alice.next<{ heroes: { id: string }[] }>(
      'room_presence',
      (presence) => !presence.heroes.some((hero) => hero.id === c.heroId),
    );
    await eventually(async () => {
      for (const api of [stack.api, second.api]) {
        expect(await lobbyRow(api, a.token, roomId)).toMatchObject({
          participantCount: 2,
          spectatorCount: 0,
        });
      }
    });
    // Bob's first tab closes: his hero is still there through the second, so nobody hears him leave.
    bob.close();
    await eventually(async () => {
      expect(await lobbyRow(stack.api, a.token, roomId)).toMatchObject({ participantCount: 2 });
    });
    await sleep(300);
    expect(
      alice.count('message', (m) => m.kind === 'system' && m.content.includes(`${b.hero.name} left`)),
    ).toBe(0);
    alice.skipReceived('room_presence');
    bobAgain.close();
    await alice.next<{ heroes: { id: string }[] }>(
      'room_presence',
      (presence) => !presence.heroes.some((hero) => hero.id === b.heroId),
    );
    await eventually(async () => {
      expect(await lobbyRow(second.api, a.token, roomId)).toMatchObject({
        participantCount: 1,
        spectatorCount: 0,
        heroes: [expect.objectContaining({ id: a.heroId })],
      });
    });
  }, 60_000);

  it('has the narrator open a new room and answer every third hero message, on both instances', async () => {
    const roomId = await createRoom(a);
    const alice = await Client.connect(stack.baseUrl);
    const carol = await Client.connect(second.baseUrl);
    await alice.authenticate(a.token, a.heroId);
    await carol.authenticate(c.token, c.heroId);
    const isNarrator = (m: ChatMessageDto) => m.kind === 'narrator' && m.sender.id === RESERVED_SENDER_ID;
    // The introduction: in the history, or live when it is written after the join.
    for (const client of [alice, carol]) {
      const joined = await client.join(roomId);
      if (!joined.messages.some(isNarrator)) await client.next('message', isNarrator, 30_000);
    }
    for (const line of ['We set sail at dawn.', 'The nebula glows ahead.', 'What waits beyond it?']) {
      alice.emit('send_message', { message: line });
      await alice.message(line);
    }
    await Promise.all([alice, carol].map((client) => client.next('narrator_typing')));
    const replies = await Promise.all(
      [alice, carol].map((client) => client.next('message', isNarrator, 30_000)),
    );
    expect(replies[0]).toMatchObject({
      kind: 'narrator',
      content: expect.stringMatching(/\S/),
      sender: { id: RESERVED_SENDER_ID },
    });
    expect(replies[1].id).toBe(replies[0].id);
  }, 60_000);

  it('moves a socket from one room to another', async () => {
    const [first, other] = [await createRoom(a), await createRoom(a)];
    const alice = await Client.connect(stack.baseUrl);
    await alice.authenticate(a.token, a.heroId);
    await alice.join(first);
    await alice.join(other.toUpperCase());
    await eventually(async () => {
      expect(await lobbyRow(second.api, a.token, first)).toMatchObject({ participantCount: 0 });
      expect(await lobbyRow(second.api, a.token, other)).toMatchObject({ participantCount: 1 });
    });
    alice.emit('send_message', { message: 'Only in the other room.' });
    expect(await alice.message('Only in the other room.')).toMatchObject({ sender: { id: a.heroId } });
  });

  it('rate-limits messages per user, across instances', async () => {
    const d = await stack.newHero({ paid: true });
    const roomId = await createRoom(d);
    const one = await Client.connect(stack.baseUrl);
    const two = await Client.connect(second.baseUrl);
    for (const client of [one, two]) {
      await client.authenticate(d.token, d.heroId);
      await client.join(roomId);
    }
    for (let i = 1; i <= 3; i++) one.emit('send_message', { message: `burst ${i}` });
    for (let i = 4; i <= 6; i++) two.emit('send_message', { message: `burst ${i}` });
    // Five are delivered; the sixth is refused on the socket that sent it.
    await eventually(async () => {
      expect(one.count('message', (m) => m.kind === 'hero' && m.content.startsWith('burst'))).toBe(5);
      expect(one.count('error') + two.count('error')).toBe(1);
    });
    const refusal = [...one.received, ...two.received].find((r) => r.event === 'error');
    expect(refusal?.payload).toEqual({ message: ROOM_MESSAGES.rateLimited });
    await sleep(200);
    expect(one.count('error') + two.count('error')).toBe(1);
    expect(one.socket.connected && two.socket.connected).toBe(true);
  });
});

describe('join_room limits', () => {
  it('refuses a burst of 60 joins beyond 5 per socket, and 20 per user across sockets, clearly', async () => {
    const host = await stack.newHero({ paid: true });
    const roomId = await createRoom(host);
    const spectator = await stack.newHero({ paid: false });
    const first = await Client.connect(stack.baseUrl);
    await first.authenticate(spectator.token, spectator.heroId);
    for (let i = 0; i < 60; i++) first.emit('join_room', { roomId });
    await eventually(async () => {
      expect(first.count('room_joined') + first.count('error')).toBe(60);
    }, 20_000);
    expect(first.count('room_joined')).toBe(5);
    expect(first.count('error', (e) => e.message === ROOM_MESSAGES.joinRateLimited)).toBe(55);
    // Three more sockets of the same user, on both instances: 5 each, then the user's 20 are spent.
    const others = await Promise.all(
      [second.baseUrl, stack.baseUrl, second.baseUrl, stack.baseUrl].map((url) => Client.connect(url)),
    );
    for (const client of others) await client.authenticate(spectator.token, spectator.heroId);
    for (const client of others.slice(0, 3)) {
      for (let i = 0; i < 5; i++) await client.join(roomId);
    }
    const last = others[3]!;
    last.emit('join_room', { roomId });
    expect(await last.next('error')).toEqual({ message: ROOM_MESSAGES.joinRateLimited });
    expect(last.socket.connected).toBe(true);
  }, 60_000);

  it('a spectator hopping between two rooms is announced a bounded number of times', async () => {
    const host = await stack.newHero({ paid: true });
    const rooms = [await createRoom(host), await createRoom(host)];
    const hopper = await stack.newHero({ paid: false });
    const watcher = await Client.connect(stack.baseUrl);
    await watcher.authenticate(host.token, host.heroId);
    await watcher.join(rooms[0]!);
    const hop = await Client.connect(second.baseUrl);
    await hop.authenticate(hopper.token, hopper.heroId);
    for (let i = 0; i < 40; i++) hop.emit('join_room', { roomId: rooms[i % 2] });
    await eventually(async () => {
      expect(hop.count('room_joined') + hop.count('error')).toBe(40);
    }, 20_000);
    await sleep(300);
    const { rows } = await stack.db.query(
      `SELECT count(*)::int AS n FROM rooms.messages WHERE room_id = ANY($1::uuid[]) AND kind = 'system' AND content LIKE $2`,
      [rooms, `${hopper.hero.name} %`],
    );
    // At most: joined once per room, left once per room within the grace window.
    expect(rows[0].n).toBeLessThanOrEqual(4);
    expect(
      watcher.count('message', (m) => m.kind === 'system' && m.content.includes(hopper.hero.name)),
    ).toBeLessThanOrEqual(2);
  }, 60_000);
});

describe('room hosts', () => {
  it('lets only the host change the room over HTTP, with clear refusals', async () => {
    // A host of its own: the other tests used up a's room creations.
    const h = await stack.newHero({ paid: true });
    const roomId = await createRoom(h);
    const path = `/api/shared-story/${roomId}`;
    expect((await stack.api('PATCH', path, { body: { title: 'x' } })).status).toBe(401);
    for (const [method, suffix, body] of [
      ['PATCH', '', { title: 'Mine now' }],
      ['POST', '/remove', { heroId: h.heroId }],
      ['POST', '/close', undefined],
    ] as const) {
      const refused = await stack.api(method, `${path}${suffix}`, { token: b.token, body });
      expect(refused.status).toBe(403);
      expect(refused.json).toMatchObject({ error: expect.any(String), message: ROOM_MESSAGES.hostOnly });
    }
    for (const body of [{ inviteOnly: 'yes' }, { title: 42 }, {}]) {
      const bad = await stack.api('PATCH', path, { token: h.token, body });
      expect(bad.status).toBe(400);
      expect(bad.json).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    const noHero = await stack.api('POST', `${path}/remove`, { token: h.token, body: {} });
    expect(noHero.status).toBe(400);
    expect((await stack.api('POST', '/api/shared-story/nope/close', { token: h.token })).status).toBe(404);
    const renamed = await second.api('PATCH', path, { token: h.token, body: { title: '  The Ember Road ' } });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ id: roomId, title: 'The Ember Road', hostHeroId: h.heroId });
  });

  it('invite-only, removal and closing hold on both gateway instances at once', async () => {
    const h = await stack.newHero({ paid: true });
    const roomId = await createRoom(h);
    const path = `/api/shared-story/${roomId}`;
    const host = await Client.connect(stack.baseUrl);
    await host.authenticate(h.token, h.heroId);
    await host.join(roomId);

    // Invite-only: out of the lobby, the token for the host's owner alone, joins with it only.
    const made = await stack.api('PATCH', path, { token: h.token, body: { inviteOnly: true } });
    expect(made.json).toMatchObject({ inviteOnly: true, inviteToken: expect.any(String) });
    const invite = made.json.inviteToken as string;
    expect((await second.api('GET', path, { token: b.token })).json).not.toHaveProperty('inviteToken');
    expect(await lobbyRow(second.api, b.token, roomId)).toBeUndefined();
    const guest = await Client.connect(second.baseUrl);
    await guest.authenticate(b.token, b.heroId);
    guest.emit('join_room', { roomId });
    expect(await guest.next('error')).toEqual({ message: ROOM_MESSAGES.inviteRequired });
    expect(await guest.join(roomId, invite)).toMatchObject({ roomId, closed: false });
    await host.next<ChatMessageDto>('message', (m) => m.kind === 'system' && m.content.includes(b.hero.name));

    // Removal: the guest's socket on the other instance hears it and is dropped at once.
    const dropped = new Promise<string>((resolve) => guest.socket.once('disconnect', resolve));
    const removed = await stack.api('POST', `${path}/remove`, { token: h.token, body: { heroId: b.heroId } });
    expect(removed.status).toBe(200);
    expect(removed.json.participants.map((p: { id: string }) => p.id)).toEqual([h.heroId]);
    expect(await guest.next('hero_removed')).toEqual({ roomId, heroId: b.heroId });
    expect(await dropped).toBe('io server disconnect');
    expect(await host.next('hero_removed')).toEqual({ roomId, heroId: b.heroId });
    expect(host.socket.connected).toBe(true);
    // It cannot come back, even with the invite link, through either instance.
    for (const url of [stack.baseUrl, second.baseUrl]) {
      const again = await Client.connect(url);
      await again.authenticate(b.token, b.heroId);
      again.emit('join_room', { roomId, invite });
      expect(await again.next('error')).toEqual({ message: ROOM_MESSAGES.removedFromRoom });
    }

    // Closing: the room hears it, then reads its history but writes nothing more.
    const watcher = await Client.connect(second.baseUrl);
    await watcher.authenticate(h.token, h.heroId);
    await watcher.join(roomId);
    const closed = await second.api('POST', `${path}/close`, { token: h.token });
    expect(closed.status).toBe(200);
    expect(closed.json).toMatchObject({ closed: true });
    for (const client of [host, watcher]) {
      expect(await client.next('room_updated', (event) => event.closed)).toMatchObject({ roomId });
    }
    const reader = await Client.connect(stack.baseUrl);
    await reader.authenticate(h.token, h.heroId);
    const read = await reader.join(roomId);
    expect(read).toMatchObject({ closed: true, narratorTyping: false });
    expect(read.messages.at(-1)).toMatchObject({ kind: 'system', content: 'The host closed this story' });
    reader.emit('send_message', { message: 'Anyone there?' });
    expect(await reader.next('error')).toEqual({ message: ROOM_MESSAGES.roomClosed });
    const outsider = await Client.connect(second.baseUrl);
    await outsider.authenticate(c.token, c.heroId);
    outsider.emit('join_room', { roomId, invite });
    expect(await outsider.next('error')).toEqual({ message: ROOM_MESSAGES.roomClosed });
    expect((await stack.api('PATCH', path, { token: h.token, body: { title: 'Again' } })).status).toBe(409);
  }, 60_000);
});
