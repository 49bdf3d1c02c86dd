import OpenAI from 'openai';
import { chatKindOf, FakeOpenAi, roundsOf, routeOf, type FakeOpenAiRequest } from './fake-openai.js';

describe('chatKindOf', () => {
  it('a request for JSON is a chapter, whatever its prompt', () => {
    expect(
      chatKindOf({
        response_format: { type: 'json_object' },
        messages: [{ role: 'system', content: 'You are the narrator' }],
      }),
    ).toBe('chapter');
  });

  it('a system prompt that speaks of the narrator is a narration; any other chat a backstory', () => {
    expect(chatKindOf({ messages: [{ role: 'system', content: 'You are the Cosmic Narrator' }] })).toBe(
      'narrator',
    );
    expect(chatKindOf({ messages: [{ role: 'user', content: 'the narrator' }] })).toBe('backstory');
    expect(chatKindOf({ messages: [{ role: 'system', content: 'Write a backstory' }] })).toBe('backstory');
    expect(chatKindOf({})).toBe('backstory');
  });
});

describe('routeOf', () => {
  it('reads the endpoint and the tag of a per-process base URL', () => {
    expect(routeOf('POST', '/v1/chat/completions')).toEqual({ endpoint: 'chat', tag: '' });
    expect(routeOf('POST', '/generation-1/v1/images/generations')).toEqual({
      endpoint: 'images',
      tag: 'generation-1',
    });
  });

  it('anything else is another endpoint', () => {
    expect(routeOf('GET', '/v1/chat/completions').endpoint).toBe('other');
    expect(routeOf('POST', '/v1/models').endpoint).toBe('other');
    expect(routeOf('POST', '/Upper/v1/chat/completions').endpoint).toBe('other');
  });
});

describe('roundsOf', () => {
  const at = (ms: number) => ({ at: ms }) as FakeOpenAiRequest;

  it('starts a new round after a pause longer than the gap', () => {
    const rounds = roundsOf([at(0), at(100), at(200), at(1_500), at(1_600), at(4_000)], 1_000);
    expect(rounds.map((round) => round.map((request) => request.at))).toEqual([
      [0, 100, 200],
      [1_500, 1_600],
      [4_000],
    ]);
  });

  it('no requests, no rounds', () => {
    expect(roundsOf([], 1_000)).toEqual([]);
  });
});

describe('FakeOpenAi through the OpenAI SDK', () => {
  const fake = new FakeOpenAi({
    replies: { backstory: 'A configured story.', narrator: (body) => `Heard ${String(body.model)}.` },
    imageColor: '#102030',
    imageSize: 4,
  });
  const client = (tag = '') => new OpenAI({ apiKey: 'sk-fake', baseURL: fake.baseUrl(tag), maxRetries: 0 });

  beforeAll(() => fake.start());
  afterAll(() => fake.stop());
  beforeEach(() => fake.reset());

  it('answers each kind of chat with its configured reply, the others with the defaults', async () => {
    const story = await client().chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'a hero' }],
    });
    const narration = await client().chat.completions.create({
      model: 'narrator-model',
      messages: [{ role: 'system', content: 'You are the narrator.' }],
    });
    const chapter = await client().chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'a chapter' }],
      response_format: { type: 'json_object' },
    });
    expect(story.choices[0].message.content).toBe('A configured story.');
    expect(narration.choices[0].message.content).toBe('Heard narrator-model.');
    expect(JSON.parse(chapter.choices[0].message.content!)).toHaveProperty('title');
    expect(fake.requests.map((request) => request.kind)).toEqual(['backstory', 'narrator', 'chapter']);
  });

  it('answers the queued chat answers first, in order, and records who asked', async () => {
    fake.chatAnswers.push('First.', '');
    const ask = () =>
      client().chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
    const answers = [await ask(), await ask(), await ask()].map(
      (answer) => answer.choices[0].message.content,
    );
    expect(answers).toEqual(['First.', '', 'A configured story.']);
    expect(fake.requests[0]).toMatchObject({ endpoint: 'chat', authorization: 'Bearer sk-fake' });
  });

  it('records which tagged process asked for which image, and answers a PNG of the configured size', async () => {
    const image = await client('worker-2').images.generate({ model: 'i', prompt: 'Lark under stars' });
    const png = Buffer.from(image.data![0].b64_json!, 'base64');
    expect(png.readUInt32BE(16)).toBe(4);
    expect(fake.imageRequestsFor('Lark')).toMatchObject([
      { endpoint: 'images', tag: 'worker-2', open: false, dropped: false },
    ]);
    expect(fake.imageRequestsFor('Someone else')).toEqual([]);
  });

  it('fails as OpenAI does, per endpoint, without asking the SDK to retry', async () => {
    fake.chat = 'quota';
    fake.images = 'server-error';
    const chat = client().chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
    await expect(chat).rejects.toMatchObject({ status: 429, code: 'insufficient_quota' });
    await expect(client().images.generate({ model: 'i', prompt: 'p' })).rejects.toMatchObject({
      status: 500,
    });
    fake.images = 'bad-request';
    await expect(client().images.generate({ model: 'i', prompt: 'p' })).rejects.toMatchObject({
      status: 400,
    });
    fake.images = 'rate-limit';
    await expect(client().images.generate({ model: 'i', prompt: 'p' })).rejects.toMatchObject({
      status: 429,
      code: 'rate_limit_exceeded',
    });
    expect(fake.requestsTo('images')).toHaveLength(3);
  });

  it('holds requests until released, and marks a held request whose caller went away as dropped', async () => {
    fake.images = 'hold';
    const abort = new AbortController();
    const abandoned = client('gone')
      .images.generate({ model: 'i', prompt: 'abandoned' }, { signal: abort.signal })
      .catch(() => 'aborted');
    const answered = client().images.generate({ model: 'i', prompt: 'answered' });
    await fake.waitForRequests('images', 2);
    expect(fake.requestsTo('images').every((request) => request.open)).toBe(true);
    abort.abort();
    expect(await abandoned).toBe('aborted');
    await new Promise((resolve) => setTimeout(resolve, 50));
    fake.release();
    expect((await answered).data).toHaveLength(1);
    expect(fake.imageRequestsFor('abandoned')).toMatchObject([{ open: false, dropped: true }]);
    expect(fake.imageRequestsFor('answered')).toMatchObject([{ open: false, dropped: false }]);
  });
});
