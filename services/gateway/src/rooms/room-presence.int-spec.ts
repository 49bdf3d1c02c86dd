/**
 * Presence on two gateway instances: the room is told who is connected (`room_presence`) when a hero
 * comes in and when its last socket goes, and a reload writes nothing in the transcript.
 */
import { randomUUID } from 'node:crypto';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { startStack, type GatewayInstance, type TestStack } from '../__tests__/stack.js';

type Received = { event: string; payload: any };

let stack: TestStack;
let second: GatewayInstance;
const sockets: Socket[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  stack = await startStack('room-presence', { with: ['rooms'] });
  second = await stack.addGateway();
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await stack?.close();
}, 60_000);

/** A signed-up person with a hero of theirs (premium when asked), without generating it. */
async function person(name: string, premium: boolean) {
  const registered = await stack.api('POST', '/api/auth/register', {
    body: { name, email: `presence-${randomUUID()}@example.com`, password: 'password-123' },
  });
  expect(registered.status).toBe(201);
  const token: string = registered.json.token;
  const heroId = randomUUID().replaceAll('-', '');
  const created = await stack.api('POST', '/api/heroes', {
    token,
    body: { heroName: name, birthdate: '1990-07-25', heroId },
  });
  expect(created.status).toBe(201);
  if (premium)
    await stack.db.query(`UPDATE heroes.heroes SET payment_status = 'paid' WHERE id = $1`, [heroId]);
  return { token, heroId };
}

/** A socket in the room as the hero; `received` records all it hears. */
async function enter(baseUrl: string, who: { token: string; heroId: string }, roomId: string) {
  const socket = connectSocket(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  sockets.push(socket);
  const received: Received[] = [];
  socket.onAny((event: string, payload: unknown) => received.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  socket.emit('authenticate', { token: who.token, heroId: who.heroId });
  await until(() => received.some((r) => r.event === 'authenticated'));
  socket.emit('join_room', { roomId });
  await until(() => received.some((r) => r.event === 'room_joined'));
  return { socket, received };
}

async function until(done: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(10);
  }
}

/** The hero ids of the latest `room_presence` a socket heard. */
const lastPresence = (received: Received[]) =>
  (received.filter((r) => r.event === 'room_presence').at(-1)?.payload.heroes as { id: string }[] | undefined)
    ?.map((hero) => hero.id)
    .sort();

it('tells the room who is connected on both instances; a reload writes no "left the story"', async () => {
  const host = await person('Seraphine Emberwind', true);
  const guest = await person('Bartholomew Thistlewood', false);
  const created = await stack.api('POST', '/api/shared-story/create', {
    token: host.token,
    body: { heroId: host.heroId },
  });
  expect(created.status).toBe(201);
  const roomId: string = created.json.roomId;

  const hostSocket = await enter(stack.baseUrl, host, roomId);
  await until(() => lastPresence(hostSocket.received)?.length === 1);
  const first = await enter(second.baseUrl, guest, roomId);
  const both = [host.heroId, guest.heroId].sort();
  await until(() => JSON.stringify(lastPresence(hostSocket.received)) === JSON.stringify(both));
  await until(() => JSON.stringify(lastPresence(first.received)) === JSON.stringify(both));

  // The guest reloads: its socket goes (the room hears it), a new one comes (the room hears that).
  first.socket.disconnect();
  await until(() => JSON.stringify(lastPresence(hostSocket.received)) === JSON.stringify([host.heroId]));
  const again = await enter(second.baseUrl, guest, roomId);
  await until(() => JSON.stringify(lastPresence(hostSocket.received)) === JSON.stringify(both));
  await until(() => JSON.stringify(lastPresence(again.received)) === JSON.stringify(both));

  await sleep(300);
  const { rows } = await stack.db.query(
    `SELECT content FROM rooms.messages WHERE room_id = $1 AND kind = 'system' ORDER BY created_at`,
    [roomId],
  );
  expect(rows.map((row: { content: string }) => row.content)).toEqual([
    'Bartholomew Thistlewood joined the story',
  ]);
  const heard = hostSocket.received.filter((r) => r.event === 'message' && r.payload.kind === 'system');
  expect(heard.map((r) => r.payload.content)).toEqual(['Bartholomew Thistlewood joined the story']);
  // The leave waits in Redis for its grace period: the hero is marked away, then back.
  const { rows: away } = await stack.db.query(
    `SELECT away_since FROM rooms.participants WHERE room_id = $1 AND hero_id = $2`,
    [roomId, guest.heroId],
  );
  expect(away[0].away_since).toBeNull();
}, 60_000);
