/**
 * Presence is live state, not transcript: a hero whose last socket left (a reload, a closed tab) is
 * written as "left the story" only when a delayed check (a BullMQ job in Redis, run by any rooms
 * instance) finds it still away once the grace period is over. Real PostgreSQL and Redis.
 */
import { ROOM_LEAVE_GRACE_MS, type ChatMessageDto } from '@starborn/contracts';
import { RoomsHarness } from './__tests__/harness.js';

const h = RoomsHarness.forFile();

const leftLines = async (roomId: string) =>
  (await h.messages(roomId)).filter((m) => m.kind === 'system' && m.content.endsWith('left the story'));

describe('leaving a room', () => {
  it('writes nothing when the hero comes back within the grace period (a reload)', async () => {
    const roomId = await h.createRoom();
    const { events } = await h.gateway.client(roomId);
    const hero = h.hero('Seraphine Emberwind');
    await h.bus.request('rooms.join', { roomId, hero });
    const before = (await h.messages(roomId)).length;

    await h.bus.request('rooms.leave', { roomId, hero });
    // Nothing yet: one check waits in Redis for the grace period.
    const [pending] = await h.pendingLeaves(roomId);
    expect(pending?.opts.delay).toBe(ROOM_LEAVE_GRACE_MS);
    expect(await h.messages(roomId)).toHaveLength(before);

    h.clock.advance(5_000);
    await h.bus.request('rooms.join', { roomId, hero });
    h.clock.advance(ROOM_LEAVE_GRACE_MS);
    expect(await h.settleLeaves(roomId)).toBe(1);
    expect(await h.messages(roomId)).toHaveLength(before);
    const sent = events
      .filter((e) => e.event === 'message')
      .map((e) => (e.payload as ChatMessageDto).content);
    expect(sent).toEqual(['Seraphine Emberwind joined the story']);
  });

  it('writes "left the story" once the hero stayed away past the grace period, and tells the room', async () => {
    const roomId = await h.createRoom();
    const { events } = await h.gateway.client(roomId);
    const hero = h.hero('Tamsin Reed');
    await h.bus.request('rooms.join', { roomId, hero });
    await h.bus.request('rooms.leave', { roomId, hero });
    expect(await leftLines(roomId)).toEqual([]);

    h.clock.advance(ROOM_LEAVE_GRACE_MS);
    await h.settleLeaves(roomId);
    expect((await leftLines(roomId)).map((m) => m.content)).toEqual(['Tamsin Reed left the story']);
    const sent = events
      .filter((e) => e.event === 'message')
      .map((e) => (e.payload as ChatMessageDto).content);
    expect(sent).toContain('Tamsin Reed left the story');
  });

  it('reloading many times, then leaving for good, writes one line (the last leave decides)', async () => {
    const roomId = await h.createRoom();
    const hero = h.hero('Mira Quill');
    await h.bus.request('rooms.join', { roomId, hero });
    for (let i = 0; i < 50; i++) {
      h.clock.advance(1_000);
      await h.bus.request('rooms.leave', { roomId, hero });
      h.clock.advance(500);
      await h.bus.request('rooms.join', { roomId, hero });
    }
    h.clock.advance(1_000);
    await h.bus.request('rooms.leave', { roomId, hero });
    h.clock.advance(ROOM_LEAVE_GRACE_MS);
    expect(await h.settleLeaves(roomId)).toBe(51);
    expect(await leftLines(roomId)).toHaveLength(1);
  });

  it('the check outlives the rooms instance that scheduled it', async () => {
    const roomId = await h.createRoom();
    const hero = h.hero('Orla Finch');
    await h.bus.request('rooms.join', { roomId, hero });
    await h.bus.request('rooms.leave', { roomId, hero });
    await h.stopService();
    await h.startService();
    h.clock.advance(ROOM_LEAVE_GRACE_MS);
    await h.settleLeaves(roomId);
    expect((await leftLines(roomId)).map((m) => m.content)).toEqual(['Orla Finch left the story']);
  });

  it('a closed room is not written to when the check comes due', async () => {
    const host = h.hero('Orion Dusk');
    const roomId = await h.createRoom(host);
    const hero = h.hero('Pip Marrow');
    await h.bus.request('rooms.join', { roomId, hero });
    await h.bus.request('rooms.leave', { roomId, hero });
    await h.bus.request('rooms.close', { roomId, userId: host.userId });
    h.clock.advance(ROOM_LEAVE_GRACE_MS);
    await h.settleLeaves(roomId);
    expect(await leftLines(roomId)).toEqual([]);
  });
});
