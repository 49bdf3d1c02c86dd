/**
 * The content filter in the rooms service, on the real PostgreSQL and Redis: a refused room title or
 * chat message is answered 400 with a message that does not repeat it, and is never stored, so the
 * narrator never reads it; a narrator line the filter refuses (from the event, or from a model on the
 * fake OpenAI API through the real generation worker) is replaced before the room sees it.
 */
import {
  ErrorCodes,
  MODERATION_MESSAGES,
  NARRATOR_WITHHELD_LINE,
  type ChatMessageDto,
} from '@starborn/contracts';
import { FakeOpenAi } from '@starborn/testing';
import { errorOf, eventually, RoomsHarness } from './__tests__/harness.js';

const h = RoomsHarness.forFile();

describe('room titles', () => {
  it.each(['The F U C K Quest', 'Sh1t Happens', 'ƒuck the dragon'])(
    'refuses %j at creation (400, CONTENT_NOT_ALLOWED) and creates no room',
    async (title) => {
      const creator = h.hero('Orion Dusk');
      const error = await errorOf(h.bus.request('rooms.create', { creator, title }));
      expect(error).toEqual({
        status: 400,
        code: ErrorCodes.CONTENT_NOT_ALLOWED,
        message: MODERATION_MESSAGES.roomTitle,
      });
      const { rows } = await h.db.query('SELECT title FROM rooms.rooms WHERE creator_hero_id = $1', [
        creator.heroId,
      ]);
      expect(rows).toEqual([]);
    },
  );

  it('keeps an ordinary title, Scunthorpe-style words included', async () => {
    const roomId = await h.createRoom(h.hero('Orion Dusk'), 'The Cockatrice of Scunthorpe');
    expect(await h.bus.request('rooms.get', { roomId })).toMatchObject({
      title: 'The Cockatrice of Scunthorpe',
    });
  });
});

describe('chat messages', () => {
  it('refuses a disguised word (400) and stores nothing: the narrator never reads it', async () => {
    const roomId = await h.createRoom(h.hero('Orion Dusk'), 'The Ember Road');
    const lyra = h.hero('Lyra Vale');
    await h.bus.request('rooms.join', { roomId, hero: lyra });
    const { events } = await h.gateway.client(roomId);

    for (const message of ['f u c k this road', 'what a sh1t map', 'you b1tch']) {
      expect(await errorOf(h.bus.request('rooms.send', { roomId, hero: lyra, message }))).toEqual({
        status: 400,
        code: ErrorCodes.CONTENT_NOT_ALLOWED,
        message: MODERATION_MESSAGES.chatMessage,
      });
    }
    const kept = await h.bus.request('rooms.send', { roomId, hero: lyra, message: 'Onward to the pass!' });
    await eventually(() => events.some((e) => e.event === 'message' && e.payload.id === kept.id));

    expect((await h.messages(roomId)).filter((m) => m.kind === 'hero').map((m) => m.content)).toEqual([
      'Onward to the pass!',
    ]);
    const context = await h.bus.request('rooms.narrator-context', { roomId, intro: false });
    expect(context.recent.map((m) => m.content)).toContain('Onward to the pass!');
    expect(JSON.stringify(context)).not.toMatch(/f u c k|sh1t|b1tch/);
    // Nobody in the room saw the refused messages either.
    expect(JSON.stringify(events)).not.toMatch(/f u c k|sh1t|b1tch/);
    // Refused messages do not count towards the narrator's cadence: only the introduction was asked for.
    expect((await h.narratorJobs(roomId)).map((job) => job.data.triggerId)).toEqual(['intro']);
  });
});

describe("the narrator's lines", () => {
  it('replaces a line the filter refuses, stored and shown as the narrator speaking', async () => {
    const roomId = await h.createRoom(h.hero('Orion Dusk'), 'The Ember Road');
    const { events } = await h.gateway.client(roomId);
    await h.bus.emitEvent('narrator.replied', {
      roomId,
      triggerId: 'echoed',
      content: 'The stars whisper: what the fuuuck are you doing, heroes?',
      provider: 'test',
    });
    const shown = await eventually(
      () =>
        events.find((e) => e.event === 'message' && e.payload.kind === 'narrator')?.payload as ChatMessageDto,
    );
    expect(shown.content).toBe(NARRATOR_WITHHELD_LINE);
    expect((await h.messages(roomId)).filter((m) => m.trigger_id === 'echoed')).toEqual([
      expect.objectContaining({ kind: 'narrator', content: NARRATOR_WITHHELD_LINE }),
    ]);
  });

  it('keeps an ordinary line as written', async () => {
    const roomId = await h.createRoom(h.hero('Orion Dusk'), 'The Ember Road');
    const line = 'The comet bends toward Scunthorpe, and the road glows beneath your feet.';
    await h.bus.emitEvent('narrator.replied', {
      roomId,
      triggerId: 'plain',
      content: line,
      provider: 'test',
    });
    await eventually(async () => (await h.messages(roomId)).some((m) => m.trigger_id === 'plain'));
    expect((await h.messages(roomId)).find((m) => m.trigger_id === 'plain')?.content).toBe(line);
  });
});

describe('the narrator on OpenAI, with a model that swears', () => {
  const openAi = new FakeOpenAi({
    replies: { narrator: 'The old oracle grins: sh1t happens, heroes, and the road goes on.' },
  });
  const withAi = new RoomsHarness();

  beforeAll(async () => {
    await openAi.start();
    await withAi.start({
      withGeneration: true,
      generationEnv: { AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openAi.baseURL },
    });
  }, 60_000);

  afterAll(async () => {
    await withAi.stop();
    await openAi.stop();
  });

  it('never shows the refused line, and is never told a refused message', async () => {
    const roomId = await withAi.createRoom(withAi.hero('Orion Dusk'), 'The Ember Road');
    const intro = await eventually(
      async () => (await withAi.messages(roomId)).find((m) => m.trigger_id === 'intro'),
      15_000,
    );
    expect(intro).toMatchObject({ kind: 'narrator', content: NARRATOR_WITHHELD_LINE });

    const lyra = withAi.hero('Lyra Vale');
    await withAi.bus.request('rooms.join', { roomId, hero: lyra });
    const refused = withAi.bus.request('rooms.send', { roomId, hero: lyra, message: 'f.u.c.k the oracle' });
    expect(await errorOf(refused)).toMatchObject({ status: 400, code: ErrorCodes.CONTENT_NOT_ALLOWED });
    let third: ChatMessageDto | undefined;
    for (const message of ['We walk on.', 'The oracle is silent.', 'Shall we ask again?'])
      third = await withAi.bus.request('rooms.send', { roomId, hero: lyra, message });
    const answer = await eventually(
      async () => (await withAi.messages(roomId)).find((m) => m.trigger_id === third!.id),
      15_000,
    );
    expect(answer).toMatchObject({ kind: 'narrator', content: NARRATOR_WITHHELD_LINE });

    // What the model was told: the conversation, without the refused message.
    const told = JSON.stringify(openAi.requestsTo('chat').map((request) => request.body));
    expect(told).toContain('Shall we ask again?');
    expect(told).not.toMatch(/f\.u\.c\.k/);
  });
});
