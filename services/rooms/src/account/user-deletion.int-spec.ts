/**
 * user.deleted in rooms, on real PostgreSQL and Redis: an event emitted while rooms is not running is
 * handled once it starts. The user's participation goes, their heroes' messages (and the room's lines
 * about them) stay as from "a departed hero", the room their hero hosts closes with its host
 * anonymised, the narrator's lines no longer name their hero (nor one that lands after the deletion,
 * scrubbed by the follow-up run), and nothing of anyone else changes; handling it again changes nothing.
 */
import {
  DELETED_USER_ID,
  DEPARTED_HERO_NAME,
  DEPARTED_SENDER_ID,
  type RoomHeroRef,
  type RoomUpdatedEvent,
} from '@starborn/contracts';
import { sqlOf } from '@starborn/database';
import { eventually, userDeletedWhileStopped } from '@starborn/testing';
import { RoomsHarness } from '../__tests__/harness.js';
import { RoomBroadcaster } from '../realtime/room-broadcaster.js';
import { presentMessage } from '../rooms/room.presenter.js';
import { latestMessages } from '../rooms/room.queries.js';
import { UserDeletionService } from './user-deletion.service.js';

const h = RoomsHarness.forFile();
const heroRef = (name: string): RoomHeroRef => ({
  userId: crypto.randomUUID(),
  heroId: crypto.randomUUID().replaceAll('-', ''),
  name,
  avatar: `/media/heroes/${name}/front.webp`,
  isPremium: true,
});
const aria = heroRef('Aria');
const bram = heroRef('Bram');
let ariasRoom: string;
let bramsRoom: string;

/** What the rooms pushed to their sockets about changed rooms since the last start. */
let roomUpdates: RoomUpdatedEvent[] = [];

/** Starts rooms again, recording what it pushes about changed rooms. */
async function startRooms() {
  roomUpdates = [];
  await h.startService((app) => {
    const broadcaster = app.get(RoomBroadcaster);
    const broadcast = broadcaster.roomUpdated.bind(broadcaster);
    broadcaster.roomUpdated = (update) => {
      roomUpdates.push(update);
      broadcast(update);
    };
  });
}

const messagesOf = async (roomId: string) =>
  (await latestMessages(sqlOf(h.db), roomId, 100)).map(presentMessage).map((m) => ({
    kind: m.kind,
    sender: m.sender,
    content: m.content,
  }));

const traces = async (userId: string, heroId: string, name: string) =>
  Number(
    (
      await h.db.query(
        `SELECT (SELECT count(*) FROM rooms.participants WHERE user_id = $1 OR hero_id = $2)
              + (SELECT count(*) FROM rooms.rooms WHERE $1 IN (creator_user_id, host_user_id)
                   OR $2 IN (creator_hero_id, host_hero_id) OR creator_name = $3)
              + (SELECT count(*) FROM rooms.messages WHERE sender_id = $2 OR sender_name = $3
                   OR (kind = 'system' AND content LIKE $3 || ' %')) AS n`,
        [userId, heroId, name],
      )
    ).rows[0].n,
  );

/** A line of the narrator, as rooms stores a narrator.replied. */
const narrate = (roomId: string, content: string) =>
  h.db.query(
    `INSERT INTO rooms.messages (room_id, kind, sender_id, sender_name, content, trigger_id, created_at)
     VALUES ($1, 'narrator', 'narrator', 'The Narrator', $2, $3, now())`,
    [roomId, content, crypto.randomUUID()],
  );

const narration = async (roomId: string) =>
  (await messagesOf(roomId)).filter((m) => m.kind === 'narrator').map((m) => m.content);

beforeAll(async () => {
  ({ roomId: ariasRoom } = await h.bus.request('rooms.create', { creator: aria, title: "Aria's tale" }));
  ({ roomId: bramsRoom } = await h.bus.request('rooms.create', { creator: bram, title: 'Bram tells' }));
  for (const roomId of [ariasRoom, bramsRoom])
    for (const hero of [aria, bram]) {
      await h.bus.request('rooms.join', { roomId, hero });
      await h.bus.request('rooms.send', { roomId, hero, message: `${hero.name} says hello` });
    }
  await narrate(bramsRoom, 'Aria and Bram watched the comet. ARIA laughed; Ariadne smiled.');
  await h.stopService();
}, 60_000);

test('a deletion emitted while rooms is down is handled once it starts', async () => {
  expect(await traces(aria.userId, aria.heroId, aria.name)).toBeGreaterThan(0);
  await userDeletedWhileStopped({
    bus: h.bus,
    userId: aria.userId,
    start: startRooms,
    handled: async () => (await traces(aria.userId, aria.heroId, aria.name)) === 0,
  });
  const departed = { id: DEPARTED_SENDER_ID, name: DEPARTED_HERO_NAME, avatar: null };
  for (const roomId of [ariasRoom, bramsRoom]) {
    const messages = await messagesOf(roomId);
    expect(messages).toContainEqual({ kind: 'hero', sender: departed, content: 'Aria says hello' });
    expect(messages).toContainEqual(
      expect.objectContaining({
        kind: 'hero',
        sender: expect.objectContaining({ id: bram.heroId, name: 'Bram' }),
      }),
    );
  }
  // The room announced Aria joining Bram's room (a creator's own room says nothing of it).
  const lines = (await messagesOf(bramsRoom)).filter((m) => m.kind === 'system').map((m) => m.content);
  expect(lines).toContain('A departed hero joined the story');
  // The narrator's story goes on without naming her; another name that starts alike is left alone.
  expect(await narration(bramsRoom)).toEqual([
    `${DEPARTED_HERO_NAME} and Bram watched the comet. ${DEPARTED_HERO_NAME} laughed; Ariadne smiled.`,
  ]);
  // A line written from a context read before the deletion lands after it: the follow-up scrubs it.
  await narrate(bramsRoom, 'The wind remembered Aria.');
  await eventually(
    async () => (await narration(bramsRoom)).includes(`The wind remembered ${DEPARTED_HERO_NAME}.`),
    10_000,
  );
  // Aria's room closes with nobody as its host; Bram's room stays his, with Bram in it.
  const rooms = await h.db.query(
    'SELECT id, title, closed_at, host_user_id, creator_user_id FROM rooms.rooms ORDER BY title',
  );
  expect(rooms.rows).toEqual([
    expect.objectContaining({
      id: ariasRoom,
      title: "A departed hero's tale",
      host_user_id: DELETED_USER_ID,
      creator_user_id: DELETED_USER_ID,
    }),
    expect.objectContaining({ id: bramsRoom, closed_at: null, host_user_id: bram.userId }),
  ]);
  expect(rooms.rows[0].closed_at).not.toBeNull();
  // The heroes in Aria's room are told it closed.
  expect(roomUpdates).toEqual([
    { roomId: ariasRoom, title: "A departed hero's tale", inviteOnly: false, closed: true },
  ]);
  expect(await traces(bram.userId, bram.heroId, bram.name)).toBeGreaterThan(0);
}, 30_000);

test('a redelivered deletion changes nothing, and a malformed one is ignored', async () => {
  const before = await messagesOf(bramsRoom);
  roomUpdates = [];
  const deletion = h.app.get(UserDeletionService);
  await deletion.deleteUserData({ userId: aria.userId });
  await deletion.deleteUserData({ userId: 'x' });
  expect(await messagesOf(bramsRoom)).toEqual(before);
  expect(roomUpdates).toEqual([]);
  const bramsParticipation = await h.db.query(
    'SELECT count(*)::int AS n FROM rooms.participants WHERE user_id = $1',
    [bram.userId],
  );
  expect(bramsParticipation.rows[0].n).toBe(2);
});
