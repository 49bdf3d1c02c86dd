/**
 * A hero's arrival in a room is announced once: joining again (reloads, reconnects, a spectator
 * re-joining in a loop) stores and broadcasts no further "joined" line, even when joins race.
 */
import type { ChatMessageDto } from '@starborn/contracts';
import { eventually, RoomsHarness } from './__tests__/harness.js';

const h = RoomsHarness.forFile();

const joinedLines = async (roomId: string, name: string) =>
  (
    await h.db.query(`SELECT count(*)::int AS n FROM rooms.messages WHERE room_id = $1 AND content = $2`, [
      roomId,
      `${name} joined the story`,
    ])
  ).rows[0].n as number;

describe('rooms.join announces a hero once', () => {
  it('stores and broadcasts one "joined" line for a spectator that joins fifteen times', async () => {
    const roomId = await h.createRoom();
    h.clock.advance(1_000);
    const { events } = await h.gateway.client(roomId);
    const spectator = h.hero('Pip Marrow', { isPremium: false });
    for (let i = 0; i < 15; i++) await h.bus.request('rooms.join', { roomId, hero: spectator });
    expect(await joinedLines(roomId, 'Pip Marrow')).toBe(1);
    await eventually(() => events.some((e) => e.event === 'message'));
    // A last message after the joins: once it has arrived, every earlier broadcast has too.
    const speaker = h.hero('Lyra Vale');
    await h.bus.request('rooms.join', { roomId, hero: speaker });
    await eventually(() =>
      events.some((e) => (e.payload as ChatMessageDto).content === 'Lyra Vale joined the story'),
    );
    const pipLines = events.filter(
      (e) => e.event === 'message' && (e.payload as ChatMessageDto).content === 'Pip Marrow joined the story',
    );
    expect(pipLines).toHaveLength(1);
  });

  it('announces once when ten joins of one hero race', async () => {
    const roomId = await h.createRoom();
    const hero = h.hero('Tamsin Reed');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => h.bus.request('rooms.join', { roomId, hero })),
    );
    expect(answers.every((answer) => answer.role === 'participant')).toBe(true);
    expect(await joinedLines(roomId, 'Tamsin Reed')).toBe(1);
  });

  it('still announces each different hero', async () => {
    const roomId = await h.createRoom();
    await h.bus.request('rooms.join', { roomId, hero: h.hero('Wren Ashby') });
    await h.bus.request('rooms.join', { roomId, hero: h.hero('Ada Quill', { isPremium: false }) });
    expect(await joinedLines(roomId, 'Wren Ashby')).toBe(1);
    expect(await joinedLines(roomId, 'Ada Quill')).toBe(1);
  });
});
