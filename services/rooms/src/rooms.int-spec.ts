/**
 * The rooms service on the real PostgreSQL and Redis (see __tests__/harness.ts): creation, the lobby's
 * list, details, joining, the chat's refusals, and the broadcasts a real socket.io server with the Redis
 * adapter (as the gateway runs it) delivers to a client in the room.
 */
import {
  DEFAULT_ROOM_TITLE,
  NARRATOR_MIN_TYPING_MS,
  RESERVED_SENDER_ID,
  ROOM_HISTORY_LIMIT,
  ROOM_MESSAGE_MAX_LENGTH,
  ROOM_MESSAGES,
  type ChatMessageDto,
} from '@starborn/contracts';
import { errorOf, eventually, RoomsHarness } from './__tests__/harness.js';
import { NARRATOR_RECENT_MESSAGES, NARRATOR_SILENT_MESSAGE } from './narrator/narrator.service.js';
import { defaultRoomTitle } from './rooms/room-title.js';

const h = RoomsHarness.forFile();

describe('rooms.create', () => {
  it('creates a room for a premium hero, named after it, and asks the narrator for an introduction', async () => {
    const creator = h.hero('Orion Dusk');
    const { roomId } = await h.bus.request('rooms.create', { creator });
    expect(roomId).toMatch(/^[0-9a-f-]{36}$/);
    const detail = await h.bus.request('rooms.get', { roomId });
    // The creator is a participant before any socket joins (the first view says "1 Heroes").
    expect(detail).toEqual({
      id: roomId,
      title: defaultRoomTitle('Orion Dusk', creator.heroId, roomId),
      participants: [{ id: creator.heroId, name: 'Orion Dusk', avatar: creator.avatar, isPremium: true }],
      // ...and hosts it: a public, open room.
      hostHeroId: creator.heroId,
      inviteOnly: false,
      closed: false,
    });
    // ...without a "joined" line: the room opens with the narrator alone.
    expect((await h.messages(roomId)).filter((m) => m.kind === 'system')).toEqual([]);
    const job = await h.narratorJob(roomId, 'intro');
    expect(job?.data).toEqual({ roomId, triggerId: 'intro', intro: true });
  });

  it("gives one hero's rooms titles that tell them apart", async () => {
    const creator = h.hero('Lyra');
    const titles = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const roomId = await h.createRoom(creator);
      titles.add((await h.bus.request('rooms.get', { roomId })).title);
    }
    expect([...titles].every((title) => /^Lyra's \w+ \w+$/.test(title))).toBe(true);
    expect(titles.size).toBeGreaterThanOrEqual(4);
    expect(titles.has(DEFAULT_ROOM_TITLE)).toBe(false);
  });

  it('keeps a given title (trimmed)', async () => {
    const roomId = await h.createRoom(h.hero(), '  The   Ember Road  ');
    expect((await h.bus.request('rooms.get', { roomId })).title).toBe('The Ember Road');
  });

  it('refuses a hero that is not premium with its message (403)', async () => {
    const error = await errorOf(
      h.bus.request('rooms.create', { creator: h.hero('Plain Jane', { isPremium: false }) }),
    );
    expect(error).toMatchObject({ status: 403, message: ROOM_MESSAGES.premiumRequiredToCreate });
  });

  it('refuses a request without a hero (400, select a hero first)', async () => {
    const error = await errorOf(h.bus.request('rooms.create', { creator: undefined as never }));
    expect(error).toMatchObject({ status: 400, message: ROOM_MESSAGES.selectHeroFirst });
  });
});

describe('rooms.get', () => {
  it('answers 404 for an unknown room and for an id that is no UUID', async () => {
    for (const roomId of ['7d0c2f38-9f55-4a3c-a7f4-2f8a8b3c0e11', 'not-a-room', '']) {
      expect(await errorOf(h.bus.request('rooms.get', { roomId }))).toMatchObject({
        status: 404,
        message: ROOM_MESSAGES.roomNotFound,
      });
    }
  });

  it('lists the creator and the heroes that joined, participants and spectators, with avatar and premium state', async () => {
    const creator = h.hero('Orion Dusk');
    const roomId = await h.createRoom(creator);
    h.clock.advance(1_000);
    const lyra = h.hero('Lyra Vale');
    const pip = h.hero('Pip Marrow', { isPremium: false, avatar: null });
    await h.bus.request('rooms.join', { roomId, hero: lyra });
    h.clock.advance(1_000);
    await h.bus.request('rooms.join', { roomId, hero: pip });
    expect((await h.bus.request('rooms.get', { roomId })).participants).toEqual([
      { id: creator.heroId, name: 'Orion Dusk', avatar: creator.avatar, isPremium: true },
      { id: lyra.heroId, name: 'Lyra Vale', avatar: lyra.avatar, isPremium: true },
      { id: pip.heroId, name: 'Pip Marrow', avatar: null, isPremium: false },
    ]);
  });
});

describe('rooms.list-active', () => {
  const MINUTE = 60 * 1000;

  it('lists a room with nobody in it only while a hero wrote in it within 10 minutes, with its host', async () => {
    h.clock.set('2026-04-01T10:00:00.000Z');
    const host = h.hero('Orion Dusk');
    const older = await h.createRoom(host, 'Older');
    h.clock.advance(2 * MINUTE);
    const newer = await h.createRoom(h.hero(), 'Newer');
    h.clock.advance(3 * MINUTE);
    const hero = h.hero('Sable Finch');
    await h.bus.request('rooms.join', { roomId: older, hero });
    await h.bus.request('rooms.send', { roomId: older, hero, message: 'Hello, stars' });
    await h.bus.request('rooms.leave', { roomId: older, hero });

    // "Newer" was created at 10:02 and nobody wrote in it: listed for 10 minutes from its creation.
    let active = await h.bus.request('rooms.list-active', {});
    const ours = active.filter((r) => r.id === older || r.id === newer);
    expect(ours.map((r) => r.id)).toEqual([older, newer]);
    expect(ours[1]?.lastMessageAt).toBeNull();
    h.clock.set('2026-04-01T10:12:00.001Z');
    expect((await h.bus.request('rooms.list-active', {})).map((r) => r.id)).not.toContain(newer);
    expect(ours[0]).toEqual({
      id: older,
      title: 'Older',
      created: '2026-04-01T10:00:00.000Z',
      updated: '2026-04-01T10:05:00.000Z',
      lastMessageAt: '2026-04-01T10:05:00.000Z',
      host: { id: host.heroId, name: 'Orion Dusk', avatar: host.avatar },
    });
    h.clock.set('2026-04-01T10:15:00.000Z'); // exactly 10 minutes after the message: still active
    expect((await h.bus.request('rooms.list-active', {})).map((r) => r.id)).toContain(older);
    h.clock.set('2026-04-01T10:15:00.001Z');
    expect((await h.bus.request('rooms.list-active', {})).map((r) => r.id)).not.toContain(older);
    // Comings and goings are not story: a hero passing through does not list the empty room again.
    expect((await h.bus.request('rooms.list-active', {})).map((r) => r.id)).not.toContain(newer);
    await h.bus.request('rooms.join', { roomId: older, hero });
    await h.bus.request('rooms.leave', { roomId: older, hero });
    h.clock.advance(MINUTE);
    await h.settleLeaves(older);
    active = await h.bus.request('rooms.list-active', {});
    expect(active.map((r) => r.id)).not.toContain(older);
    // Inactive is not gone: the room still opens by its link.
    expect((await h.bus.request('rooms.get', { roomId: older })).title).toBe('Older');
  });

  it('lists the rooms with someone in them first, then by their last hero message', async () => {
    h.clock.set('2026-04-02T10:00:00.000Z');
    const hero = h.hero('Sable Finch');
    const [watched, quiet, recent] = [await h.createRoom(), await h.createRoom(), await h.createRoom()];
    await h.bus.request('rooms.join', { roomId: quiet, hero });
    await h.bus.request('rooms.send', { roomId: quiet, hero, message: 'First' });
    h.clock.advance(MINUTE);
    await h.bus.request('rooms.join', { roomId: recent, hero });
    await h.bus.request('rooms.send', { roomId: recent, hero, message: 'Second' });
    const active = await h.bus.request('rooms.list-active', { connectedRoomIds: [watched] });
    expect(active.map((r) => r.id).filter((id) => [watched, quiet, recent].includes(id))).toEqual([
      watched,
      recent,
      quiet,
    ]);
    expect(active.find((r) => r.id === watched)?.lastMessageAt).toBeNull();
  });

  it('keeps a quiet room listed while a hero is connected to it (the gateway names those rooms)', async () => {
    h.clock.set('2026-04-03T10:00:00.000Z');
    const quiet = await h.createRoom(h.hero(), 'Quiet but watched');
    const empty = await h.createRoom(h.hero(), 'Quiet and empty');
    h.clock.set('2026-04-04T10:00:00.000Z'); // a day later, without a word in either
    const active = await h.bus.request('rooms.list-active', {
      // Any spelling of the id; what is no room id is ignored, not an error.
      connectedRoomIds: [quiet.toUpperCase(), 'not-a-room', ''],
    });
    expect(active.map((r) => r.id)).toContain(quiet);
    expect(active.map((r) => r.id)).not.toContain(empty);
  });
});

describe('rooms.join and rooms.leave', () => {
  it('makes a premium hero a participant and a non-premium hero a spectator', async () => {
    const roomId = await h.createRoom();
    const premium = await h.bus.request('rooms.join', { roomId, hero: h.hero('Lyra Vale') });
    expect(premium).toMatchObject({ roomId, isPremium: true, role: 'participant' });
    const plain = await h.bus.request('rooms.join', {
      roomId,
      hero: h.hero('Pip Marrow', { isPremium: false }),
    });
    expect(plain).toMatchObject({ roomId, isPremium: false, role: 'spectator' });
    // Both see the history, ending with the spectator's own arrival.
    expect(plain.messages.map((m) => m.content)).toEqual([
      'Lyra Vale joined the story',
      'Pip Marrow joined the story',
    ]);
    expect(plain.messages[1]).toMatchObject({
      kind: 'system',
      sender: { id: RESERVED_SENDER_ID, avatar: null },
    });
  });

  it(`returns the latest ${ROOM_HISTORY_LIMIT} messages, oldest first`, async () => {
    const roomId = await h.createRoom();
    const hero = h.hero('Wren Ashby');
    await h.bus.request('rooms.join', { roomId, hero });
    // Straight into the table: 120 messages a second apart.
    await h.db.query(
      `INSERT INTO rooms.messages (room_id, kind, sender_id, sender_name, content, created_at)
       SELECT $1, 'hero', $2, 'Wren Ashby', 'line ' || n, $3::timestamptz + n * interval '1 second'
         FROM generate_series(1, 120) AS n`,
      [roomId, hero.heroId, h.clock.now()],
    );
    h.clock.advance(10 * 60 * 1000);
    const joined = await h.bus.request('rooms.join', {
      roomId,
      hero: h.hero('Late Comer', { isPremium: false }),
    });
    expect(joined.messages).toHaveLength(ROOM_HISTORY_LIMIT);
    expect(joined.messages[0]!.content).toBe('line 22');
    expect(joined.messages.at(-2)!.content).toBe('line 120');
    expect(joined.messages.at(-1)!.content).toBe('Late Comer joined the story');
  });

  it("shows a hero's messages with the avatar it last came with (signed URLs expire)", async () => {
    const roomId = await h.createRoom();
    const hero = h.hero('Wren Ashby', { avatar: '/media/a.webp?expires=1' });
    await h.bus.request('rooms.join', { roomId, hero });
    await h.bus.request('rooms.send', { roomId, hero, message: 'Hello' });
    const again = await h.bus.request('rooms.join', {
      roomId,
      hero: { ...hero, avatar: '/media/a.webp?expires=2' },
    });
    const hello = again.messages.find((m) => m.content === 'Hello');
    expect(hello?.sender.avatar).toBe('/media/a.webp?expires=2');
  });

  it('answers 404 for an unknown room', async () => {
    const error = await errorOf(
      h.bus.request('rooms.join', { roomId: '7d0c2f38-9f55-4a3c-a7f4-2f8a8b3c0e11', hero: h.hero() }),
    );
    expect(error).toMatchObject({ status: 404, message: ROOM_MESSAGES.roomNotFound });
  });

  it('announces joins and leaves to the room through the socket.io Redis emitter', async () => {
    const creator = h.hero('Orion Dusk');
    const roomId = await h.createRoom(creator);
    h.clock.advance(1_000);
    const { events } = await h.gateway.client(roomId);
    const hero = h.hero('Tamsin Reed');
    await h.bus.request('rooms.join', { roomId, hero });
    await h.bus.request('rooms.leave', { roomId, hero });
    // The leave is written once its grace period ends with the hero still away.
    h.clock.advance(60_000);
    expect(await h.settleLeaves(roomId)).toBe(1);
    await eventually(() => events.filter((e) => e.event === 'message').length >= 2);
    const contents = events
      .filter((e) => e.event === 'message')
      .map((e) => (e.payload as ChatMessageDto).content);
    expect(contents).toEqual(['Tamsin Reed joined the story', 'Tamsin Reed left the story']);
    // A leave does not remove the hero from the room's heroes, nor the room.
    expect((await h.bus.request('rooms.get', { roomId })).participants.map((p) => p.id)).toEqual([
      creator.heroId,
      hero.heroId,
    ]);
    // A hero that never joined leaves silently.
    await h.bus.request('rooms.leave', { roomId, hero: h.hero('Ghost') });
    expect((await h.messages(roomId)).map((m) => m.content)).toEqual([
      'Tamsin Reed joined the story',
      'Tamsin Reed left the story',
    ]);
  });
});

describe('rooms.send', () => {
  it('stores the trimmed message, bumps activity and broadcasts it as `message`', async () => {
    h.clock.set('2026-05-01T09:00:00.000Z');
    const roomId = await h.createRoom();
    const { events } = await h.gateway.client(roomId);
    const hero = h.hero('Lyra Vale');
    await h.bus.request('rooms.join', { roomId, hero });
    h.clock.advance(60_000);
    const sent = await h.bus.request('rooms.send', { roomId, hero, message: '  The comet is falling!  ' });
    expect(sent).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      content: 'The comet is falling!',
      timestamp: '2026-05-01T09:01:00.000Z',
      kind: 'hero',
      sender: { id: hero.heroId, name: 'Lyra Vale', avatar: hero.avatar },
    });
    await eventually(() => events.some((e) => e.event === 'message' && e.payload.id === sent.id));
    expect(events.find((e) => e.payload?.id === sent.id)!.payload).toEqual(sent);
    const listed = (await h.bus.request('rooms.list-active', {})).find((r) => r.id === roomId);
    expect(listed?.updated).toBe('2026-05-01T09:01:00.000Z');
  });

  it('refuses empty, too long, spectators and unknown rooms', async () => {
    const roomId = await h.createRoom();
    const hero = h.hero('Lyra Vale');
    const spectator = h.hero('Pip Marrow', { isPremium: false });
    await h.bus.request('rooms.join', { roomId, hero });
    await h.bus.request('rooms.join', { roomId, hero: spectator });
    const send = (message: string, who = hero, id = roomId) =>
      errorOf(h.bus.request('rooms.send', { roomId: id, hero: who, message }));
    expect(await send('   ')).toMatchObject({ status: 400, message: ROOM_MESSAGES.messageEmpty });
    expect(await send(undefined as never)).toMatchObject({
      status: 400,
      message: ROOM_MESSAGES.messageEmpty,
    });
    expect(await send('x'.repeat(ROOM_MESSAGE_MAX_LENGTH + 1))).toMatchObject({
      status: 400,
      message: ROOM_MESSAGES.messageTooLong,
    });
    expect(await send(` ${'x'.repeat(ROOM_MESSAGE_MAX_LENGTH)} `)).toBeUndefined(); // trimmed first
    expect(await send('Let me in', spectator)).toMatchObject({
      status: 403,
      message: ROOM_MESSAGES.spectatorCannotSend,
    });
    expect(await send('Hello', hero, '7d0c2f38-9f55-4a3c-a7f4-2f8a8b3c0e11')).toMatchObject({
      status: 404,
      message: ROOM_MESSAGES.roomNotFound,
    });
    const stored = (await h.messages(roomId)).filter((m) => m.kind === 'hero');
    expect(stored).toHaveLength(1);
    expect(stored[0]!.content).toHaveLength(ROOM_MESSAGE_MAX_LENGTH);
  });

  it('lets a spectator who became premium send (the verified premium state decides)', async () => {
    const roomId = await h.createRoom();
    const hero = h.hero('Pip Marrow', { isPremium: false });
    await h.bus.request('rooms.join', { roomId, hero });
    const sent = await h.bus.request('rooms.send', {
      roomId,
      hero: { ...hero, isPremium: true },
      message: 'Upgraded!',
    });
    expect(sent.content).toBe('Upgraded!');
    const participants = (await h.bus.request('rooms.get', { roomId })).participants;
    expect(participants.find((p) => p.id === hero.heroId)).toMatchObject({ isPremium: true });
  });

  it('after every third hero message broadcasts narrator_typing and asks the narrator once', async () => {
    const roomId = await h.createRoom();
    const { events } = await h.gateway.client(roomId);
    const lyra = h.hero('Lyra Vale');
    const orion = h.hero('Orion Dusk');
    await h.bus.request('rooms.join', { roomId, hero: lyra });
    await h.bus.request('rooms.join', { roomId, hero: orion });
    const sent: ChatMessageDto[] = [];
    for (let i = 1; i <= 7; i++) {
      const hero = i % 2 ? lyra : orion;
      sent.push(await h.bus.request('rooms.send', { roomId, hero, message: `Message ${i}` }));
      if (i === 2) await h.bus.request('rooms.leave', { roomId, hero: orion }); // system messages do not count
    }
    const third = await h.narratorJob(roomId, sent[2]!.id);
    const sixth = await h.narratorJob(roomId, sent[5]!.id);
    expect(third?.data).toEqual({ roomId, triggerId: sent[2]!.id, intro: false });
    expect(sixth?.data).toEqual({ roomId, triggerId: sent[5]!.id, intro: false });
    const triggers = (await h.narratorJobs(roomId)).map((job) => job.data.triggerId).sort();
    expect(triggers).toEqual(['intro', sent[2]!.id, sent[5]!.id].sort());
    await eventually(() => events.filter((e) => e.event === 'narrator_typing').length >= 2);
    // Typing follows the third message and precedes the fourth, on the wire as well.
    await eventually(() => events.filter((e) => e.payload?.kind === 'hero').length === 7);
    expect(
      events
        .filter((e) => e.event === 'narrator_typing' || e.payload?.kind === 'hero')
        .map((e) => (e.event === 'narrator_typing' ? 'typing' : e.payload.content)),
    ).toEqual([
      'Message 1',
      'Message 2',
      'Message 3',
      'typing',
      'Message 4',
      'Message 5',
      'Message 6',
      'typing',
      'Message 7',
    ]);
    expect(events.find((e) => e.event === 'narrator_typing')!.payload).toEqual({ roomId });
  });
});

describe('narrator events', () => {
  it('stores a reply once, as the narrator, and broadcasts it once, however often it is delivered', async () => {
    const roomId = await h.createRoom();
    const { events } = await h.gateway.client(roomId);
    const reply = { roomId, triggerId: 'intro', content: '  The stars lean closer.  ', provider: 'test' };
    // Delivered twice: as a repeated emit with another event id (the id dedupe of the transport aside).
    await h.bus.emitEvent('narrator.replied', reply, { eventId: `${roomId}.intro` });
    await h.bus.emitEvent('narrator.replied', reply, { eventId: `${roomId}.intro.again` });
    await eventually(async () => (await h.messages(roomId)).length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stored = await h.messages(roomId);
    expect(stored).toEqual([
      expect.objectContaining({
        kind: 'narrator',
        sender_id: RESERVED_SENDER_ID,
        content: 'The stars lean closer.',
        trigger_id: 'intro',
      }),
    ]);
    expect(events.filter((e) => e.event === 'message')).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({ kind: 'narrator', sender: { id: RESERVED_SENDER_ID } });
  });

  it('announces a failing narrator once per silent spell', async () => {
    const roomId = await h.createRoom();
    const failed = (triggerId: string) =>
      h.bus.emitEvent(
        'narrator.failed',
        { roomId, triggerId, reason: 'quota_exceeded: test', quotaExceeded: true },
        { eventId: `${roomId}.${triggerId}.failed` },
      );
    await failed('intro');
    await failed('intro-repeat');
    await eventually(async () => (await h.messages(roomId)).length >= 1);
    await h.bus.emitEvent('narrator.replied', {
      roomId,
      triggerId: 'later',
      content: 'I am back.',
      provider: 'test',
    });
    await eventually(async () => (await h.messages(roomId)).length >= 2);
    await failed('after-return');
    await eventually(async () => (await h.messages(roomId)).length >= 3);
    const kinds = (await h.messages(roomId)).map((m) => `${m.kind}:${m.sender_id}`);
    expect(kinds).toEqual([
      `system:${RESERVED_SENDER_ID}`,
      `narrator:${RESERVED_SENDER_ID}`,
      `system:${RESERVED_SENDER_ID}`,
    ]);
  });

  it('tells the narrator the room, its heroes with their signs, and the recent conversation', async () => {
    const roomId = await h.createRoom(h.hero('Orion Dusk'), 'Ember Road');
    // Before anyone joined: the creator.
    let context = await h.bus.request('rooms.narrator-context', { roomId, intro: true });
    expect(context).toEqual({
      roomId,
      title: 'Ember Road',
      intro: true,
      heroes: [
        {
          name: 'Orion Dusk',
          westernSign: 'Leo',
          westernElement: 'Fire',
          chineseSign: 'Dragon',
          chineseElement: 'Yang Wood',
        },
      ],
      recent: [],
      earlierNarration: [],
    });
    const lyra = h.hero('Lyra Vale');
    h.clock.advance(1_000);
    await h.bus.request('rooms.join', { roomId, hero: lyra });
    await h.bus.request('rooms.send', { roomId, hero: lyra, message: 'Where does the road lead?' });
    const asked = h.heroes.asked;
    context = await h.bus.request('rooms.narrator-context', { roomId, intro: false });
    // The creator is in the room from its creation.
    expect(context.heroes.map((x) => x.name)).toEqual(['Orion Dusk', 'Lyra Vale']);
    expect(context.heroes[1]).toMatchObject({ westernSign: 'Leo', chineseSign: 'Dragon' });
    expect(context.recent).toEqual([
      { kind: 'system', senderName: expect.any(String), content: 'Lyra Vale joined the story' },
      { kind: 'hero', senderName: 'Lyra Vale', content: 'Where does the road lead?' },
    ]);
    // The signs are kept: heroes is asked once per hero and room.
    await h.bus.request('rooms.narrator-context', { roomId, intro: false });
    expect(h.heroes.asked).toBe(asked + 1);
  });

  it(`tells the narrator the last ${NARRATOR_RECENT_MESSAGES} messages and all its own earlier lines in the room`, async () => {
    const roomId = await h.createRoom(h.hero('Orion Dusk'), 'Ember Road');
    const lyra = h.hero('Lyra Vale');
    await h.bus.request('rooms.join', { roomId, hero: lyra });
    const narrated: string[] = [];
    const narrate = async (content: string) => {
      h.clock.advance(1_000);
      await h.bus.emitEvent('narrator.replied', {
        roomId,
        triggerId: `line-${narrated.length}`,
        content,
        provider: 'test',
      });
      narrated.push(content);
      await eventually(async () => (await h.messages(roomId)).some((m) => m.content === content));
    };
    await narrate('The road opens beneath the stars.');
    // Sixty hero messages, the narrator answering every third: its first lines fall out of the window.
    for (let i = 1; i <= 60; i++) {
      h.clock.advance(1_000);
      await h.bus.request('rooms.send', { roomId, hero: lyra, message: `I light torch number ${i}.` });
      if (i % 3 === 0) await narrate(`The ${i}th torch shows a new door.`);
    }
    const context = await h.bus.request('rooms.narrator-context', { roomId, intro: false });
    expect(context.recent).toHaveLength(NARRATOR_RECENT_MESSAGES);
    expect(context.recent.at(-1)).toEqual({
      kind: 'narrator',
      senderName: expect.any(String),
      content: 'The 60th torch shows a new door.',
    });
    expect(context.recent.some((line) => line.content === 'The road opens beneath the stars.')).toBe(false);
    // Every line the narrator said, oldest first: those outside the window too.
    expect(context.earlierNarration).toEqual(narrated);
    expect(context.earlierNarration).toHaveLength(21);
  });
});

describe('narrator pacing', () => {
  /** A room with two heroes in it and a client listening; `say` sends the next hero line a second later. */
  async function chattingRoom() {
    const roomId = await h.createRoom();
    const { events } = await h.gateway.client(roomId);
    const lyra = h.hero('Lyra Vale');
    await h.bus.request('rooms.join', { roomId, hero: lyra });
    const say = async (message: string) => {
      h.clock.advance(1_000);
      return h.bus.request('rooms.send', { roomId, hero: lyra, message });
    };
    const reply = (triggerId: string, content: string) =>
      h.bus.emitEvent('narrator.replied', { roomId, triggerId, content, provider: 'test' });
    const joinAs = (name: string) => h.bus.request('rooms.join', { roomId, hero: h.hero(name) });
    const order = () =>
      events
        .filter((e) => e.event !== 'message' || e.payload.kind !== 'system')
        .map((e) => (e.event === 'message' ? e.payload.content : e.event));
    return { roomId, events, say, reply, joinAs, order };
  }

  it(`holds the narrator's line until the room has seen it writing for ${NARRATOR_MIN_TYPING_MS} ms`, async () => {
    const { roomId, events, say, reply, joinAs, order } = await chattingRoom();
    await say('One');
    await say('Two');
    const third = await say('Three');
    // A hero arriving while the narrator writes sees the indicator too.
    expect((await joinAs('Late Lark')).narratorTyping).toBe(true);
    // The narrator is quick (200 ms): its line still waits for the indicator's moment.
    h.clock.advance(200);
    await reply(third.id, 'The stars answer.');
    await eventually(() => events.some((e) => e.payload?.content === 'The stars answer.'));
    expect(order()).toEqual(['One', 'Two', 'Three', 'narrator_typing', 'The stars answer.']);
    const line = events.find((e) => e.payload?.content === 'The stars answer.')!.payload as ChatMessageDto;
    expect(Date.parse(line.timestamp) - Date.parse(third.timestamp)).toBe(NARRATOR_MIN_TYPING_MS);
    const stored = (await h.messages(roomId)).find((m) => m.trigger_id === third.id)!;
    expect(stored.created_at.toISOString()).toBe(line.timestamp);
    // Done writing: the next hero to arrive sees no indicator.
    expect((await joinAs('Later Lark')).narratorTyping).toBe(false);
  });

  it('does not hold a line the room has waited for long enough', async () => {
    const { events, say, reply } = await chattingRoom();
    await say('One');
    await say('Two');
    const third = await say('Three');
    h.clock.advance(5_000); // a slow narrator
    const before = h.clock.now().toISOString();
    await reply(third.id, 'At last.');
    await eventually(() => events.some((e) => e.payload?.content === 'At last.'));
    expect(events.find((e) => e.payload?.content === 'At last.')!.payload.timestamp).toBe(before);
  });

  it('shows the indicator again after a line while a later one is still being written', async () => {
    const { events, say, reply, joinAs, order } = await chattingRoom();
    const sent: ChatMessageDto[] = [];
    for (const line of ['One', 'Two', 'Three', 'Four', 'Five', 'Six']) sent.push(await say(line));
    await reply(sent[2]!.id, 'First answer.');
    await eventually(() => events.some((e) => e.payload?.content === 'First answer.'));
    expect((await joinAs('Watcher')).narratorTyping).toBe(true);
    await reply(sent[5]!.id, 'Second answer.');
    await eventually(() => events.some((e) => e.payload?.content === 'Second answer.'));
    expect(order()).toEqual([
      'One',
      'Two',
      'Three',
      'narrator_typing',
      'Four',
      'Five',
      'Six',
      'narrator_typing',
      'First answer.',
      'narrator_typing', // the sixth line's answer is still on its way
      'Second answer.',
    ]);
    expect((await joinAs('Second Watcher')).narratorTyping).toBe(false);
  });

  it('tells the room the narrator stopped when it fails with nothing new to say', async () => {
    const { roomId, events, say, joinAs } = await chattingRoom();
    const failed = (triggerId: string) =>
      h.bus.emitEvent('narrator.failed', { roomId, triggerId, reason: 'quota', quotaExceeded: true });
    const idles = () => events.filter((e) => e.event === 'narrator_idle');
    await failed('intro'); // the room is told once that the narrator is silent, and that it stopped
    await eventually(() => idles().length === 1);
    expect(events.map((e) => e.event).slice(-2)).toEqual(['message', 'narrator_idle']);
    await say('One');
    await say('Two');
    const third = await say('Three');
    await failed(third.id); // silent already: no new line...
    await eventually(() => idles().length === 2);
    // ...but the indicator that went up for the third message comes down.
    expect(idles()[1]!.payload).toEqual({ roomId });
    expect(events.findIndex((e) => e.event === 'narrator_typing')).toBeLessThan(
      events.lastIndexOf(idles()[1]!),
    );
    expect(events.filter((e) => e.payload?.content === NARRATOR_SILENT_MESSAGE)).toHaveLength(1);
    expect((await joinAs('Watcher')).narratorTyping).toBe(false);
  });
});
