/**
 * The narrator end to end: the rooms service and the real generation service (local AI provider) on the
 * real PostgreSQL and Redis, a socket.io server with the Redis adapter standing in for the gateway, and a
 * heroes service faked at the wire (signs). A new room opens with the narrator's introduction; every
 * third hero message the room sees `narrator_typing`, then the narrator's line, stored and shown once.
 * With OpenAI out of quota, the room is told once that the narrator is silent, and the quota flag rises.
 */
import {
  aiQuotaKey,
  NARRATOR_MIN_TYPING_MS,
  RESERVED_SENDER_ID,
  type ChatMessageDto,
} from '@starborn/contracts';
import { sentencesOf } from '@starborn/ai';
import { TEST_REDIS_URL } from '@starborn/testing';
import { Redis } from 'ioredis';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually, RoomsHarness } from './__tests__/harness.js';
import { NARRATOR_SILENT_MESSAGE } from './narrator/narrator.service.js';

describe('the narrator with the local provider', () => {
  let h: RoomsHarness;

  beforeAll(async () => {
    h = new RoomsHarness();
    await h.start({ withGeneration: true });
  }, 60_000);

  afterAll(() => h?.stop());

  it('opens a new room with an introduction naming its creator', async () => {
    const roomId = await h.createRoom(h.hero('Orion Dusk'), 'The Ember Road');
    const intro = await eventually(
      async () => (await h.messages(roomId)).find((m) => m.trigger_id === 'intro'),
      15_000,
    );
    expect(intro).toMatchObject({ kind: 'narrator', sender_id: RESERVED_SENDER_ID });
    expect(intro!.content).toContain('Orion Dusk');
    expect(intro!.content).toContain('The Ember Road');
    // Whoever joins next finds it in the history.
    const joined = await h.bus.request('rooms.join', {
      roomId,
      hero: h.hero('Lyra Vale', { isPremium: false }),
    });
    expect(joined.messages[0]).toMatchObject({ kind: 'narrator', sender: { id: RESERVED_SENDER_ID } });
  });

  it('answers every third hero message: narrator_typing, then its line, stored and broadcast once', async () => {
    const roomId = await h.createRoom();
    await eventually(async () => (await h.messages(roomId)).some((m) => m.trigger_id === 'intro'), 15_000);
    const { events } = await h.gateway.client(roomId);
    const lyra = h.hero('Lyra Vale');
    const orion = h.hero('Orion Dusk');
    await h.bus.request('rooms.join', { roomId, hero: lyra });
    await h.bus.request('rooms.join', { roomId, hero: orion });
    const lines = [
      'I found an old map in the ruins of the observatory.',
      'It shows the Glimmerdeep, beneath the frozen sea.',
      'Should we sail there tonight?',
    ];
    const sent: ChatMessageDto[] = [];
    for (const [i, message] of lines.entries()) {
      sent.push(await h.bus.request('rooms.send', { roomId, hero: i % 2 ? orion : lyra, message }));
    }
    const reply = await eventually(
      () =>
        events.find((e) => e.event === 'message' && e.payload.kind === 'narrator')?.payload as ChatMessageDto,
      15_000,
    );
    const typingAt = events.findIndex((e) => e.event === 'narrator_typing');
    const replyAt = events.findIndex((e) => e.payload?.id === reply.id);
    const thirdAt = events.findIndex((e) => e.payload?.id === sent[2]!.id);
    expect(thirdAt).toBeLessThan(typingAt);
    expect(typingAt).toBeLessThan(replyAt);
    // However quick the narrator, the indicator had its moment first.
    expect(Date.parse(reply.timestamp) - Date.parse(sent[2]!.timestamp)).toBeGreaterThanOrEqual(
      NARRATOR_MIN_TYPING_MS,
    );
    expect(reply.sender).toEqual({ id: RESERVED_SENDER_ID, name: 'Cosmic Narrator', avatar: null });
    expect(sentencesOf(reply.content).length).toBeGreaterThanOrEqual(2);
    expect(sentencesOf(reply.content).length).toBeLessThanOrEqual(5);
    expect(reply.content).toMatch(/Lyra Vale|Orion Dusk/);
    const stored = (await h.messages(roomId)).filter((m) => m.trigger_id === sent[2]!.id);
    expect(stored).toEqual([
      expect.objectContaining({ id: reply.id, kind: 'narrator', content: reply.content }),
    ]);

    // The same reply delivered again (a redelivered event under another id): nothing stored, nothing shown.
    await h.bus.emitEvent(
      'narrator.replied',
      { roomId, triggerId: sent[2]!.id, content: reply.content, provider: 'local' },
      { eventId: `${roomId}.${sent[2]!.id}.redelivered` },
    );
    // A marker event after it: once it is shown, the repeat has been handled.
    await h.bus.emitEvent('narrator.replied', {
      roomId,
      triggerId: 'marker',
      content: 'Marker.',
      provider: 'test',
    });
    await eventually(() => events.some((e) => e.payload?.content === 'Marker.'));
    expect(events.filter((e) => e.payload?.kind === 'narrator' && e.payload.id === reply.id)).toHaveLength(1);
    expect((await h.messages(roomId)).filter((m) => m.trigger_id === sent[2]!.id)).toHaveLength(1);
    // Its job completed once.
    expect(await (await h.narratorJob(roomId, sent[2]!.id))?.getState()).toBe('completed');
  });

  it('answers what the heroes did, and never says a sentence twice in the room', async () => {
    const roomId = await h.createRoom();
    await eventually(async () => (await h.messages(roomId)).some((m) => m.trigger_id === 'intro'), 15_000);
    const lyra = h.hero('Lyra Vale');
    const orion = h.hero('Orion Dusk');
    await h.bus.request('rooms.join', { roomId, hero: lyra });
    await h.bus.request('rooms.join', { roomId, hero: orion });
    // Three rounds of three messages; the narrator answers the third of each, picking up what was done.
    const rounds: { messages: string[]; picksUp: RegExp }[] = [
      {
        messages: [
          'We reach the Sunken Chapel.',
          'I open the iron door.',
          'I give a silver coin to the ferryman.',
        ],
        picksUp: /coin|ferryman/,
      },
      {
        messages: ['A troll blocks the stair!', 'I draw my sword.', 'I strike the troll with my sword.'],
        picksUp: /troll/,
      },
      {
        messages: ['I light the old lantern.', 'The troll flees.', 'Where does the river lead?'],
        picksUp: /river/,
      },
    ];
    const replies: string[] = [];
    for (const [r, round] of rounds.entries()) {
      let last: ChatMessageDto | undefined;
      for (const [i, message] of round.messages.entries())
        last = await h.bus.request('rooms.send', { roomId, hero: (r + i) % 2 ? orion : lyra, message });
      const line = await eventually(
        async () => (await h.messages(roomId)).find((m) => m.trigger_id === last!.id),
        15_000,
      );
      expect(line!.content).toMatch(round.picksUp);
      replies.push(line!.content);
    }
    const intro = (await h.messages(roomId)).find((m) => m.trigger_id === 'intro')!.content;
    const sentences = [intro, ...replies].flatMap((line) => sentencesOf(line));
    expect(new Set(sentences).size).toBe(sentences.length);
  }, 60_000);
});

describe('the narrator with OpenAI out of quota', () => {
  let h: RoomsHarness;
  let fake: Server;
  let redis: Redis;

  beforeAll(async () => {
    // OpenAI answering 429 insufficient_quota, as it does for an account out of credit.
    fake = createServer((req, res) => {
      req.resume();
      res.writeHead(429, { 'content-type': 'application/json', 'x-should-retry': 'false' });
      res.end(
        JSON.stringify({
          error: {
            code: 'insufficient_quota',
            type: 'insufficient_quota',
            message: 'You exceeded your current quota',
            param: null,
          },
        }),
      );
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    h = new RoomsHarness();
    await h.start({
      withGeneration: true,
      generationEnv: {
        AI_PROVIDER: 'openai',
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`,
      },
    });
    redis = new Redis(TEST_REDIS_URL);
  }, 60_000);

  afterAll(async () => {
    redis?.disconnect();
    await h?.stop();
    await new Promise<void>((resolve) => fake?.close(() => resolve()));
  });

  it('tells the room once that the narrator is silent, and raises the AI-quota flag', async () => {
    const roomId = await h.createRoom();
    const { events } = await h.gateway.client(roomId);
    const silent = await eventually(
      async () => (await h.messages(roomId)).find((m) => m.content === NARRATOR_SILENT_MESSAGE),
      15_000,
    );
    expect(silent).toMatchObject({
      kind: 'system',
      sender_id: RESERVED_SENDER_ID,
      trigger_id: 'intro.failed',
    });
    expect(await redis.get(aiQuotaKey(h.prefix))).toMatch(/quota/i);
    expect(await (await h.narratorJob(roomId, 'intro'))?.getState()).toBe('failed');

    // The next turn fails too: typing is shown, but the room is not told again.
    const hero = h.hero('Lyra Vale');
    await h.bus.request('rooms.join', { roomId, hero });
    let third: ChatMessageDto | undefined;
    for (let i = 1; i <= 3; i++)
      third = await h.bus.request('rooms.send', { roomId, hero, message: `Line ${i}` });
    await eventually(
      async () => (await (await h.narratorJob(roomId, third!.id))?.getState()) === 'failed',
      15_000,
    );
    await h.bus.emitEvent('narrator.replied', {
      roomId,
      triggerId: 'marker',
      content: 'Marker.',
      provider: 'test',
    });
    await eventually(async () => (await h.messages(roomId)).some((m) => m.trigger_id === 'marker'));
    expect((await h.messages(roomId)).filter((m) => m.content === NARRATOR_SILENT_MESSAGE)).toHaveLength(1);
    expect(events.some((e) => e.event === 'narrator_typing')).toBe(true);
  });
});
