/**
 * Room hosts on the real PostgreSQL and Redis (see __tests__/harness.ts): the creator hosts the room;
 * its owner renames it, makes it invite-only, removes heroes and closes it; the lobby, joins, messages
 * and the narrator follow, and the room's sockets hear it through the socket.io Redis emitter.
 */
import { ROOM_MESSAGES, type RoomHeroRef } from '@starborn/contracts';
import { errorOf, eventually, RoomsHarness } from './__tests__/harness.js';

const h = RoomsHarness.forFile();

async function roomWithGuest(): Promise<{ roomId: string; host: RoomHeroRef; guest: RoomHeroRef }> {
  const host = h.hero('Orion Dusk');
  const roomId = await h.createRoom(host);
  const guest = h.hero('Lyra Vale');
  await h.bus.request('rooms.join', { roomId, hero: guest });
  return { roomId, host, guest };
}

/** Whether the lobby lists the room while a hero is connected to it (as the gateway says). */
const listed = async (roomId: string) =>
  (await h.bus.request('rooms.list-active', { connectedRoomIds: [roomId] })).some(
    (room) => room.id === roomId,
  );

describe('the host', () => {
  it('is the creator: the detail names it, and only its owner gets the invite token', async () => {
    const { roomId, host, guest } = await roomWithGuest();
    const seen = await h.bus.request('rooms.get', { roomId, userId: guest.userId });
    expect(seen).toMatchObject({ hostHeroId: host.heroId, inviteOnly: false, closed: false });
    expect(seen).not.toHaveProperty('inviteToken');
    expect(await h.bus.request('rooms.get', { roomId })).not.toHaveProperty('inviteToken');
    const own = await h.bus.request('rooms.get', { roomId, userId: host.userId });
    expect(own.inviteToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('is the only one who may change the room (403 for anyone else, 404 for no room)', async () => {
    const { roomId, guest, host } = await roomWithGuest();
    const userId = guest.userId;
    // Each refusal is caught as it is sent: one answered before another is awaited is not left unhandled.
    const refusals = [
      h.bus.request('rooms.update', { roomId, userId, title: 'Mine now' }),
      h.bus.request('rooms.remove-hero', { roomId, userId, heroId: host.heroId }),
      h.bus.request('rooms.close', { roomId, userId }),
    ].map(errorOf);
    for (const refusal of await Promise.all(refusals)) {
      expect(refusal).toMatchObject({ status: 403, message: ROOM_MESSAGES.hostOnly });
    }
    const unknown = '7d0c2f38-9f55-4a3c-a7f4-2f8a8b3c0e11';
    expect(await errorOf(h.bus.request('rooms.close', { roomId: unknown, userId }))).toMatchObject({
      status: 404,
    });
    expect((await h.bus.request('rooms.get', { roomId })).closed).toBe(false);
  });
});

describe('rooms.update', () => {
  it('renames the room through the title rules of creation, and tells its sockets', async () => {
    const { roomId, host } = await roomWithGuest();
    const { events } = await h.gateway.client(roomId);
    const detail = await h.bus.request('rooms.update', {
      roomId,
      userId: host.userId,
      title: '  The   Ember Road ',
    });
    expect(detail.title).toBe('The Ember Road');
    await eventually(() => events.some((e) => e.event === 'room_updated'));
    expect(events.find((e) => e.event === 'room_updated')!.payload).toEqual({
      roomId,
      title: 'The Ember Road',
      inviteOnly: false,
      closed: false,
    });
    expect(
      await errorOf(h.bus.request('rooms.update', { roomId, userId: host.userId, title: '  ' })),
    ).toMatchObject({ status: 400, message: ROOM_MESSAGES.titleRequired });
    expect(await errorOf(h.bus.request('rooms.update', { roomId, userId: host.userId }))).toMatchObject({
      status: 400,
      message: ROOM_MESSAGES.nothingToChange,
    });
  });

  it('makes the room invite-only: out of the lobby, only invite holders and its heroes join', async () => {
    const { roomId, host, guest } = await roomWithGuest();
    expect(await listed(roomId)).toBe(true);
    const before = (await h.bus.request('rooms.get', { roomId, userId: host.userId })).inviteToken!;
    const detail = await h.bus.request('rooms.update', { roomId, userId: host.userId, inviteOnly: true });
    expect(detail.inviteOnly).toBe(true);
    // Links shared while the room was public do not open it.
    expect(detail.inviteToken).not.toBe(before);
    expect(await listed(roomId)).toBe(false);
    // Even with a hero connected, an invite-only room is not listed.
    expect(
      (await h.bus.request('rooms.list-active', { connectedRoomIds: [roomId] })).some((r) => r.id === roomId),
    ).toBe(false);

    const stranger = h.hero('Wren Ashfall');
    for (const inviteToken of [undefined, before, 'x'.repeat(32)]) {
      expect(
        await errorOf(h.bus.request('rooms.join', { roomId, hero: stranger, inviteToken })),
      ).toMatchObject({
        status: 403,
        message: ROOM_MESSAGES.inviteRequired,
      });
    }
    const joined = await h.bus.request('rooms.join', {
      roomId,
      hero: stranger,
      inviteToken: detail.inviteToken,
    });
    expect(joined.closed).toBe(false);
    // A hero already in the room comes back without the link.
    await h.bus.request('rooms.join', { roomId, hero: guest });

    // Rotated: the old link stops working.
    const rotated = await h.bus.request('rooms.update', { roomId, userId: host.userId, rotateInvite: true });
    const late = h.hero('Sol Tarrow');
    expect(
      await errorOf(h.bus.request('rooms.join', { roomId, hero: late, inviteToken: detail.inviteToken })),
    ).toMatchObject({ status: 403 });
    await h.bus.request('rooms.join', { roomId, hero: late, inviteToken: rotated.inviteToken });

    // Public again: listed, and anyone joins.
    await h.bus.request('rooms.update', { roomId, userId: host.userId, inviteOnly: false });
    expect(await listed(roomId)).toBe(true);
    await h.bus.request('rooms.join', { roomId, hero: h.hero('Kestrel') });
  });
});

describe('rooms.remove-hero', () => {
  it("drops the hero's sockets at once, tells the room, and keeps the hero out for good", async () => {
    const { roomId, host, guest } = await roomWithGuest();
    const watcher = await h.gateway.client(roomId, host.heroId);
    const removedSocket = await h.gateway.client(roomId, guest.heroId);
    const disconnected = new Promise<string>((resolve) => removedSocket.socket.once('disconnect', resolve));

    const detail = await h.bus.request('rooms.remove-hero', {
      roomId,
      userId: host.userId,
      heroId: guest.heroId,
    });
    expect(detail.participants.map((p) => p.id)).toEqual([host.heroId]);
    expect(await disconnected).toBe('io server disconnect');
    // The removed hero heard why before its socket was dropped; the room hears it and stays.
    expect(removedSocket.events.map((e) => e.event)).toContain('hero_removed');
    await eventually(() => watcher.events.some((e) => e.event === 'hero_removed'));
    expect(watcher.events.find((e) => e.event === 'hero_removed')!.payload).toEqual({
      roomId,
      heroId: guest.heroId,
    });
    expect(watcher.socket.connected).toBe(true);
    expect((await h.messages(roomId)).at(-1)).toMatchObject({
      kind: 'system',
      content: 'Lyra Vale was removed from the story',
    });

    // Not again, not even with the invite link; no messages; its leave announces nothing.
    const { inviteToken } = await h.bus.request('rooms.get', { roomId, userId: host.userId });
    expect(await errorOf(h.bus.request('rooms.join', { roomId, hero: guest, inviteToken }))).toMatchObject({
      status: 403,
      message: ROOM_MESSAGES.removedFromRoom,
    });
    expect(
      await errorOf(h.bus.request('rooms.send', { roomId, hero: guest, message: 'Hello?' })),
    ).toMatchObject({
      status: 403,
      message: ROOM_MESSAGES.removedFromRoom,
    });
    const count = (await h.messages(roomId)).length;
    await h.bus.request('rooms.leave', { roomId, hero: guest });
    h.clock.advance(60_000);
    await h.settleLeaves(roomId);
    expect(await h.messages(roomId)).toHaveLength(count);
  });

  it('refuses to remove the host (400) or a hero that is not in the room (404)', async () => {
    const { roomId, host } = await roomWithGuest();
    expect(
      await errorOf(h.bus.request('rooms.remove-hero', { roomId, userId: host.userId, heroId: host.heroId })),
    ).toMatchObject({ status: 400, message: ROOM_MESSAGES.hostCannotBeRemoved });
    for (const heroId of [h.hero().heroId, 'nope']) {
      expect(
        await errorOf(h.bus.request('rooms.remove-hero', { roomId, userId: host.userId, heroId })),
      ).toMatchObject({ status: 404, message: ROOM_MESSAGES.heroNotInRoom });
    }
  });
});

describe('rooms.close', () => {
  it('closes the room: out of the lobby, no joins or messages, the narrator stops, its heroes still read it', async () => {
    const { roomId, host, guest } = await roomWithGuest();
    // The introduction is still pending: closing cancels it.
    expect(await h.narratorJob(roomId, 'intro')).toBeDefined();
    const { events } = await h.gateway.client(roomId);
    const detail = await h.bus.request('rooms.close', { roomId, userId: host.userId });
    expect(detail.closed).toBe(true);
    expect(await h.narratorJob(roomId, 'intro')).toBeUndefined();
    await eventually(() => events.some((e) => e.event === 'room_updated'));
    expect(events.find((e) => e.event === 'room_updated')!.payload).toMatchObject({ roomId, closed: true });
    expect(events.some((e) => e.event === 'narrator_idle')).toBe(true);
    expect(await listed(roomId)).toBe(false);

    // Its heroes read the history (with the closing line), and nothing is added by their visit.
    const count = (await h.messages(roomId)).length;
    const read = await h.bus.request('rooms.join', { roomId, hero: guest });
    expect(read).toMatchObject({ closed: true, narratorTyping: false });
    expect(read.messages.at(-1)).toMatchObject({ kind: 'system', content: 'The host closed this story' });
    expect(await h.messages(roomId)).toHaveLength(count);

    expect(await errorOf(h.bus.request('rooms.join', { roomId, hero: h.hero('Wren') }))).toMatchObject({
      status: 403,
      message: ROOM_MESSAGES.roomClosed,
    });
    expect(
      await errorOf(h.bus.request('rooms.send', { roomId, hero: guest, message: 'Hello?' })),
    ).toMatchObject({
      status: 403,
      message: ROOM_MESSAGES.roomClosed,
    });
    // The narrator's context refuses a closed room, so a job that ran anyway gives up without the AI.
    expect(await errorOf(h.bus.request('rooms.narrator-context', { roomId, intro: true }))).toMatchObject({
      status: 404,
    });
    // And a line that arrives anyway is dropped.
    await h.app.get((await import('./narrator/narrator.service.js')).NarratorService).replied({
      roomId,
      triggerId: 'intro',
      content: 'Too late',
      provider: 'local',
    });
    expect(await h.messages(roomId)).toHaveLength(count);

    // Closed is for good: the host changes it no more (409).
    const refusals = [
      h.bus.request('rooms.close', { roomId, userId: host.userId }),
      h.bus.request('rooms.update', { roomId, userId: host.userId, title: 'Again' }),
    ].map(errorOf);
    for (const refusal of await Promise.all(refusals)) {
      expect(refusal).toMatchObject({ status: 409, message: ROOM_MESSAGES.roomClosed });
    }
  });
});

describe('the stored rooms', () => {
  it('each have their creator as host and an invite token', async () => {
    const { rows } = await h.db.query(
      `SELECT count(*)::int AS "unhosted" FROM rooms.rooms
        WHERE host_hero_id IS DISTINCT FROM creator_hero_id OR host_user_id IS DISTINCT FROM creator_user_id
           OR invite_token IS NULL`,
    );
    expect(rows[0].unhosted).toBe(0);
  });
});
