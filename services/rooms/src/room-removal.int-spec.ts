/**
 * Removal by person, invite rotation, the invite-only room's detail and bounded leave notices, on the
 * real PostgreSQL and Redis (see __tests__/harness.ts).
 */
import { ROOM_MESSAGES, type RoomHeroRef } from '@starborn/contracts';
import { errorOf, RoomsHarness } from './__tests__/harness.js';

const h = RoomsHarness.forFile();

/** Another hero of the same person. */
const sameOwner = (hero: RoomHeroRef, name: string): RoomHeroRef => ({
  ...h.hero(name),
  userId: hero.userId,
});

async function inviteOnlyRoom() {
  const host = h.hero('Orion Dusk');
  const roomId = await h.createRoom(host);
  const made = await h.bus.request('rooms.update', { roomId, userId: host.userId, inviteOnly: true });
  return { roomId, host, invite: made.inviteToken! };
}

const systemLines = async (roomId: string, content: string) =>
  (await h.messages(roomId)).filter((m) => m.kind === 'system' && m.content === content).length;

describe('removing a hero', () => {
  it('removes its person: none of their heroes comes back, and the invite link is rotated', async () => {
    const { roomId, host, invite } = await inviteOnlyRoom();
    const guest = h.hero('Lyra Vale');
    const guestsOther = sameOwner(guest, 'Vega Moss');
    await h.bus.request('rooms.join', { roomId, hero: guest, inviteToken: invite });
    await h.bus.request('rooms.join', { roomId, hero: guestsOther, inviteToken: invite });

    const detail = await h.bus.request('rooms.remove-hero', {
      roomId,
      userId: host.userId,
      heroId: guest.heroId,
    });
    // Both heroes of the person are out; the host's answer carries the new link.
    expect(detail.participants.map((p) => p.id)).toEqual([host.heroId]);
    expect(detail.inviteToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(detail.inviteToken).not.toBe(invite);

    // Another hero of the same person, never in the room before, with the new link: refused.
    const third = sameOwner(guest, 'Nova Reed');
    for (const hero of [guest, guestsOther, third]) {
      for (const inviteToken of [invite, detail.inviteToken]) {
        expect(await errorOf(h.bus.request('rooms.join', { roomId, hero, inviteToken }))).toMatchObject({
          status: 403,
          message: ROOM_MESSAGES.removedFromRoom,
        });
      }
      expect(
        await errorOf(h.bus.request('rooms.send', { roomId, hero, message: 'Still here?' })),
      ).toMatchObject({ status: 403, message: ROOM_MESSAGES.removedFromRoom });
    }
    // A new account with the old link: refused; with the new one: let in.
    expect(
      await errorOf(h.bus.request('rooms.join', { roomId, hero: h.hero('Ada Fern'), inviteToken: invite })),
    ).toMatchObject({ status: 403, message: ROOM_MESSAGES.inviteRequired });
    await expect(
      h.bus.request('rooms.join', { roomId, hero: h.hero('Ada Fern'), inviteToken: detail.inviteToken }),
    ).resolves.toMatchObject({ roomId });
  });

  it('refuses to remove another hero of the host’s own person', async () => {
    const host = h.hero('Orion Dusk');
    const roomId = await h.createRoom(host);
    const hostsOther = sameOwner(host, 'Castor Lane');
    await h.bus.request('rooms.join', { roomId, hero: hostsOther });
    expect(
      await errorOf(
        h.bus.request('rooms.remove-hero', { roomId, userId: host.userId, heroId: hostsOther.heroId }),
      ),
    ).toMatchObject({ status: 400, message: ROOM_MESSAGES.hostCannotBeRemoved });
  });

  it('wins every race with a join of another hero of the same person (50 trials)', async () => {
    for (let trial = 0; trial < 50; trial++) {
      const host = h.hero('Orion Dusk');
      const roomId = await h.createRoom(host);
      const guest = h.hero('Lyra Vale');
      await h.bus.request('rooms.join', { roomId, hero: guest });
      const other = sameOwner(guest, 'Vega Moss');
      await Promise.allSettled([
        h.bus.request('rooms.remove-hero', { roomId, userId: host.userId, heroId: guest.heroId }),
        h.bus.request('rooms.join', { roomId, hero: other }),
      ]);
      const { rows } = await h.db.query(
        `SELECT hero_id FROM rooms.participants WHERE room_id = $1 AND user_id = $2 AND removed_at IS NULL`,
        [roomId, guest.userId],
      );
      expect(rows).toEqual([]);
    }
  }, 20_000);
});

describe('an invite-only room’s detail', () => {
  it('answers members and invite holders; anyone else, removed people included, gets the unknown room’s 404', async () => {
    const { roomId, host, invite } = await inviteOnlyRoom();
    const unknown = await errorOf(
      h.bus.request('rooms.get', { roomId: '7d0c2f38-9f55-4a3c-a7f4-2f8a8b3c0e11', userId: host.userId }),
    );
    expect(unknown).toMatchObject({ status: 404, message: ROOM_MESSAGES.roomNotFound });
    if (!unknown) throw new Error('rooms.get answered for an unknown room');
    const notFound = { status: unknown.status, code: unknown.code, message: unknown.message };

    const outsider = h.hero('Ada Fern');
    for (const query of [
      { roomId, userId: outsider.userId },
      { roomId, userId: outsider.userId, inviteToken: 'not-the-token' },
      { roomId },
    ]) {
      expect(await errorOf(h.bus.request('rooms.get', query))).toMatchObject(notFound);
    }
    // The host, an invite holder before joining, and a member after joining see it.
    expect(await h.bus.request('rooms.get', { roomId, userId: host.userId })).toMatchObject({ id: roomId });
    expect(
      await h.bus.request('rooms.get', { roomId, userId: outsider.userId, inviteToken: invite }),
    ).not.toHaveProperty('inviteToken');
    await h.bus.request('rooms.join', { roomId, hero: outsider, inviteToken: invite });
    expect(await h.bus.request('rooms.get', { roomId, userId: outsider.userId })).toMatchObject({
      id: roomId,
    });

    // Removed: 404, with the old link and with the new one.
    const removal = await h.bus.request('rooms.remove-hero', {
      roomId,
      userId: host.userId,
      heroId: outsider.heroId,
    });
    for (const inviteToken of [undefined, invite, removal.inviteToken]) {
      expect(
        await errorOf(h.bus.request('rooms.get', { roomId, userId: outsider.userId, inviteToken })),
      ).toMatchObject(notFound);
    }
    // A public room stays readable by anyone signed in.
    const open = await h.createRoom(h.hero('Orion Dusk'));
    expect(await h.bus.request('rooms.get', { roomId: open, userId: outsider.userId })).toMatchObject({
      id: open,
    });
  });
});

describe('join and leave notices', () => {
  it('a spectator alternating between two rooms is announced a bounded number of times', async () => {
    const [first, second] = [await h.createRoom(), await h.createRoom()];
    const spectator = h.hero('Mira Quill', { isPremium: false });
    for (let i = 0; i < 20; i++) {
      for (const roomId of [first, second]) {
        await h.bus.request('rooms.join', { roomId, hero: spectator });
        await h.bus.request('rooms.leave', { roomId, hero: spectator });
      }
    }
    for (const roomId of [first, second]) await h.settleLeaves(roomId);
    for (const roomId of [first, second]) {
      expect(await systemLines(roomId, 'Mira Quill joined the story')).toBe(1);
      expect(await systemLines(roomId, 'Mira Quill left the story')).toBe(1);
    }
    // After the grace window, leaving is announced again.
    h.clock.advance(5 * 60 * 1000 + 1);
    await h.bus.request('rooms.join', { roomId: first, hero: spectator });
    await h.bus.request('rooms.leave', { roomId: first, hero: spectator });
    await h.settleLeaves(first);
    expect(await systemLines(first, 'Mira Quill left the story')).toBe(2);
  });
});
