/**
 * System proof of account deletion, with the whole stack as real processes: a user with a paid hero
 * (test card), its story, a share link, an open payment and messages in a room deletes their account
 * while the storybook service is down. The account ends at once (token, share link), and once
 * storybook is back, every schema (auth, heroes, storybook, rooms, payments) and the media store hold
 * nothing of the user: the durable user.deleted waited for the service. The room keeps the messages
 * as from "a departed hero"; payment records stay, anonymised.
 */
import { DELETED_USER_ID, DEPARTED_HERO_NAME, DEPARTED_SENDER_ID } from '@starborn/contracts';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { Api, eventually, SocketClient } from './client.js';
import { startSystem, type System } from './harness.js';
import { heroFor, intentFor, pay, PASSWORD, register, shareAndRoom, type Owner } from './world.js';

const SCHEMAS = ['auth', 'heroes', 'storybook', 'rooms', 'payments'];

let system: System;
let api: Api;
let db: pg.Client;

beforeAll(async () => {
  system = await startSystem({ label: 'sysdelete' });
  api = new Api(system.gatewayUrls);
  db = new pg.Client({ connectionString: system.databaseUrl });
  await db.connect();
}, 180_000);

afterAll(async () => {
  await db?.end().catch(() => undefined);
  await system?.stop();
}, 60_000);

/** Every file of the media store, as paths relative to it. */
async function mediaFiles(dir = system.mediaDir, base = ''): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const files = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? mediaFiles(join(dir, entry.name), `${base}${entry.name}/`)
        : [`${base}${entry.name}`],
    ),
  );
  return files.flat();
}

/**
 * Every row of the five schemas whose text holds one of `needles`, as "schema.table: row"; the
 * narrator's lines are the room's shared story and are searched for ids only.
 */
async function rowsHolding(needles: string[], namesToo: string[]): Promise<string[]> {
  const tables = await db.query<{ table_schema: string; table_name: string }>(
    `SELECT table_schema, table_name FROM information_schema.tables
      WHERE table_schema = ANY($1) AND table_type = 'BASE TABLE' AND table_name NOT IN ('migrations')`,
    [SCHEMAS],
  );
  const found: string[] = [];
  for (const { table_schema: schema, table_name: table } of tables.rows) {
    const narration = schema === 'rooms' && table === 'messages' ? `AND t."kind" <> 'narrator'` : '';
    const { rows } = await db.query(
      `SELECT t::text AS row FROM "${schema}"."${table}" t
        WHERE t::text ILIKE ANY($1) OR (t::text ILIKE ANY($2) ${narration})`,
      [needles.map((needle) => `%${needle}%`), namesToo.map((name) => `%${name}%`)],
    );
    found.push(...rows.map((r) => `${schema}.${table}: ${r.row}`));
  }
  return found;
}

async function enterRoom(owner: Owner, roomId: string) {
  const socket = await SocketClient.connect(system.gatewayUrls[0]!, owner.token);
  socket.emit('authenticate', { token: owner.token, heroId: owner.heroId });
  await socket.next(['authenticated']);
  socket.emit('join_room', { roomId });
  const joined = await socket.next(['room_joined']);
  return { socket, joined: joined.payload };
}

it('deletes everything of the user in every service, even one that was down, and keeps what it must', async () => {
  // The leaving user: a hero paid for with a test card, its promoted story, an open chapter-pack
  // payment, a share link, and a room they host in which they and a guest talk.
  const leaver = await heroFor(api, await register(api, 'leaver'), 'Vesper Quillon');
  await pay(api, leaver, 'premium_upgrade');
  await eventually(
    async () => {
      const story = await api.get(`/api/heroes/${leaver.heroId}/storybook`, leaver.token);
      return story.status === 200 && story.json.storyBook.isPremium;
    },
    30_000,
    'premium story',
  );
  const openIntent = await intentFor(api, leaver, 'chapters');
  const { shareId, roomId } = await shareAndRoom(api, leaver.token, leaver.heroId);
  const guest = await heroFor(api, await register(api, 'guest'), 'Tamsin Guest');
  await pay(api, guest, 'premium_upgrade'); // a premium hero takes part in the conversation
  const host = await enterRoom(leaver, roomId);
  const visitor = await enterRoom(guest, roomId);
  host.socket.emit('send_message', { message: 'farewell from the host' });
  await visitor.socket.next(['message'], (_, m) => m.content === 'farewell from the host');
  visitor.socket.emit('send_message', { message: 'the guest answers' });
  await host.socket.next(['message'], (_, m) => m.content === 'the guest answers');
  host.socket.close();
  visitor.socket.close();

  const ids = [leaver.userId, leaver.email, leaver.heroId, leaver.storyBookId];
  expect((await rowsHolding(ids, [])).length).toBeGreaterThan(0);
  expect((await mediaFiles()).filter((file) => file.includes(leaver.heroId)).length).toBeGreaterThan(0);
  const payments = await db.query('SELECT id FROM payments.payment_intents WHERE user_id = $1 ORDER BY id', [
    leaver.userId,
  ]);
  expect(payments.rows.length).toBe(2);

  // Storybook is down when the account goes.
  await system.kill('storybook', 0, 'SIGKILL');
  const deleted = await api.call({
    method: 'DELETE',
    path: '/api/user',
    token: leaver.token,
    body: { password: PASSWORD },
  });
  expect({ status: deleted.status, json: deleted.json }).toEqual({ status: 200, json: { deleted: true } });

  // At once, on both gateways: the token is dead and nobody can sign in as the user.
  for (const gateway of [0, 1])
    expect((await api.call({ method: 'GET', path: '/api/user', token: leaver.token, gateway })).status).toBe(
      401,
    );
  expect(
    (await api.post('/api/auth/login', undefined, { email: leaver.email, password: PASSWORD })).status,
  ).toBe(401);
  await eventually(async () => (await api.get(`/api/share/${shareId}`)).status === 404, 20_000, 'share gone');

  await system.restart('storybook');
  const leftovers = await eventually(
    async () => {
      const rows = await rowsHolding(ids, [leaver.name, 'Vesper Quillon']);
      return rows.length === 0 ? rows : undefined;
    },
    30_000,
    'every schema clear of the user',
  ).catch(async () => rowsHolding(ids, [leaver.name, 'Vesper Quillon']));
  expect(leftovers).toEqual([]);
  expect((await mediaFiles()).filter((file) => ids.some((id) => file.includes(id)))).toEqual([]);

  // Payment records stay for accounting, naming nobody; the open one can no longer be paid.
  const kept = await db.query(
    'SELECT id, user_id, status, receipt_email FROM payments.payment_intents WHERE id = ANY($1) ORDER BY id',
    [payments.rows.map((row) => row.id)],
  );
  expect(kept.rows).toHaveLength(2);
  for (const row of kept.rows) expect(row).toMatchObject({ user_id: DELETED_USER_ID, receipt_email: null });
  expect(kept.rows.find((row) => row.id === openIntent.paymentIntentId)?.status).toBe('canceled');

  // The guest still reads the conversation: the leaver's line is from a departed hero.
  const back = await enterRoom(guest, roomId);
  back.socket.close();
  const lines = (back.joined.messages as { content: string; sender: unknown }[]).map((m) => ({
    content: m.content,
    sender: m.sender,
  }));
  expect(lines).toContainEqual({
    content: 'farewell from the host',
    sender: { id: DEPARTED_SENDER_ID, name: DEPARTED_HERO_NAME, avatar: null },
  });
  expect(lines).toContainEqual(
    expect.objectContaining({
      content: 'the guest answers',
      sender: expect.objectContaining({ id: guest.heroId }),
    }),
  );
  expect(back.joined.closed).toBe(true);
}, 240_000);
