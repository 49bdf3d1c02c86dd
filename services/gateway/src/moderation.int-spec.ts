/**
 * The content filter as a user meets it through the gateway (auth, heroes, generation and rooms on the
 * real PostgreSQL and Redis): a refused hero name is a 400 with the filter's message, and a refused chat
 * message is answered on the sender's socket with the existing `error` event, shown to nobody else.
 */
import { ErrorCodes, MODERATION_MESSAGES, type ChatMessageDto } from '@starborn/contracts';
import { eventually } from '@starborn/testing';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { startStack, type TestStack } from './__tests__/stack.js';

let stack: TestStack;
const sockets: Socket[] = [];

beforeAll(async () => {
  stack = await startStack('moderation', { with: ['rooms'] });
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await stack?.close();
}, 60_000);

const newHeroId = () => crypto.randomUUID().replaceAll('-', '');

describe('POST /api/heroes', () => {
  it.each(['F u c k face', 'Sh1tlord', 'Lord ƒuck', 'Fuuuuckington', 'B1tch Queen'])(
    'refuses the name %j (400) and creates no hero',
    async (heroName) => {
      const { token } = await stack.newUser();
      const heroId = newHeroId();
      const created = await stack.api('POST', '/api/heroes', {
        token,
        body: { heroName, birthdate: '1992-03-21', heroId },
      });
      expect(created.status).toBe(400);
      expect(created.json).toEqual({
        status: 400,
        code: ErrorCodes.CONTENT_NOT_ALLOWED,
        error: MODERATION_MESSAGES.heroName,
        message: MODERATION_MESSAGES.heroName,
      });
      expect((await stack.api('GET', `/api/heroes/${heroId}`, { token })).status).toBe(404);
    },
  );

  it.each(['Cassandra of Scunthorpe', 'Titania Peacock', 'Emily Dickinson'])(
    'accepts the ordinary name %j',
    async (heroName) => {
      const { token } = await stack.newUser();
      const created = await stack.api('POST', '/api/heroes', {
        token,
        body: { heroName, birthdate: '1992-03-21', heroId: newHeroId() },
      });
      expect(created.status).toBe(201);
      expect(created.json.hero.name).toBe(heroName);
    },
  );
});

describe('send_message', () => {
  type Received = { event: string; payload: any };

  async function joinedSocket(hero: { token: string; heroId: string }, roomId: string) {
    const socket = connectSocket(stack.baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    sockets.push(socket);
    const received: Received[] = [];
    socket.onAny((event: string, payload: unknown) => received.push({ event, payload }));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    socket.emit('authenticate', { token: hero.token, heroId: hero.heroId });
    await eventually(() => received.some((r) => r.event === 'authenticated'));
    socket.emit('join_room', { roomId });
    await eventually(() => received.some((r) => r.event === 'room_joined'));
    return { socket, received };
  }

  it("answers a refused message on the sender's socket only, and the room never sees it", async () => {
    const [alice, bob] = await Promise.all([stack.newHero({ paid: true }), stack.newHero({ paid: true })]);
    const created = await stack.api('POST', '/api/shared-story/create', {
      token: alice.token,
      body: { heroId: alice.heroId },
    });
    expect(created.status).toBe(201);
    const roomId = created.json.roomId as string;
    const sender = await joinedSocket(alice, roomId);
    const listener = await joinedSocket(bob, roomId);

    sender.socket.emit('send_message', { message: 'this map is sh1t' });
    await eventually(() => sender.received.some((r) => r.event === 'error'));
    expect(sender.received.filter((r) => r.event === 'error').map((r) => r.payload)).toEqual([
      { message: MODERATION_MESSAGES.chatMessage },
    ]);

    // The socket keeps working, and the next message is the only one anybody sees.
    sender.socket.emit('send_message', { message: 'This map is wonderful.' });
    await eventually(() =>
      listener.received.some((r) => r.event === 'message' && r.payload.content === 'This map is wonderful.'),
    );
    const heroLines = (received: Received[]) =>
      received
        .filter((r) => r.event === 'message' && (r.payload as ChatMessageDto).kind === 'hero')
        .map((r) => r.payload.content);
    expect(heroLines(listener.received)).toEqual(['This map is wonderful.']);
    expect(heroLines(sender.received)).toEqual(['This map is wonderful.']);
    expect(listener.received.some((r) => r.event === 'error')).toBe(false);
    const history = await stack.api('GET', `/api/shared-story/${roomId}`, { token: bob.token });
    expect(JSON.stringify(history.json)).not.toContain('sh1t');
  });
});
