import { aiQuotaKey, QueueNames } from '@starborn/contracts';
import { eventually, TEST_REDIS_URL } from '@starborn/testing';
import { Queue } from 'bullmq';
import { io as connectSocket } from 'socket.io-client';
import sharp from 'sharp';
import { startStack, type TestStack } from '../__tests__/stack.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack('heroes');
}, 60_000);

afterAll(() => stack?.close());

const api = (method: string, path: string, options: { token?: string; body?: unknown } = {}) =>
  stack.api(method, path, options);
const newUser = () => stack.newUser();
const newHeroId = () => crypto.randomUUID().replaceAll('-', '');
const createHero = (token: string, heroName: string, birthdate: string, heroId: string) =>
  api('POST', '/api/heroes', { token, body: { heroName, birthdate, heroId } });

describe('heroes: creation', () => {
  it('creates a pending, unpaid hero with the zodiac computed by the server', async () => {
    const { token, user } = await newUser();
    const heroId = newHeroId();
    const created = await api('POST', '/api/heroes', {
      token,
      body: {
        heroName: ' Astra Vale ',
        birthdate: '1992-03-21',
        heroId,
        userId: user.id,
        westernZodiac: { sign: 'Fake' },
      },
    });
    expect(created.status).toBe(201);
    // The contract's answer is `hero`: one key, the hero under it.
    expect(Object.keys(created.json)).toEqual(['hero']);
    expect(created.json.hero).toMatchObject({
      id: heroId,
      heroId,
      name: 'Astra Vale',
      birthdate: '1992-03-21',
      status: 'pending',
      paymentStatus: 'unpaid',
      images: [],
      westernZodiac: { sign: 'Aries', element: 'Fire' },
      chineseZodiac: { sign: 'Monkey', element: 'Yang Water' },
    });
    expect(created.json.hero.zodiacInfo.western.sign).toBe('Aries');
  });

  it.each([
    [
      { heroName: 'A', birthdate: '1992-03-21', heroId: 'not-hex' },
      400,
      'The hero id must be 32 lowercase hexadecimal characters.',
    ],
    [{ heroName: '  ', birthdate: '1992-03-21' }, 400, 'Please enter a name for your hero'],
    [{ heroName: 'A', birthdate: '2001-02-29' }, 400, '2001-02-29 is not a real calendar date.'],
    [
      { heroName: 'A', birthdate: '2001-02-29T00:00:00.000Z' },
      400,
      '2001-02-29 is not a real calendar date.',
    ],
    [
      { heroName: 'A', birthdate: '1990-05-15T25:00:00Z' },
      400,
      'Please enter a valid birth date (YYYY-MM-DD).',
    ],
    [{ heroName: 'A', birthdate: '2999-01-01' }, 400, expect.any(String)],
    [{ heroName: 'A', birthdate: '' }, 400, 'Please select your birth date'],
  ])('refuses %j', async (body, status, message) => {
    const { token } = await newUser();
    const response = await api('POST', '/api/heroes', { token, body: { heroId: newHeroId(), ...body } });
    expect(response.status).toBe(status);
    expect(response.json.message).toEqual(message);
  });

  it.each([
    ['1990-05-15T00:00:00.000Z', '1990-05-15'],
    ['1990-05-14T22:00:00.000Z', '1990-05-15'], // local midnight in Warsaw (UTC+2)
    ['1990-05-15T00:00:00+14:00', '1990-05-15'],
    ['1990-05-15T00:00:00-12:00', '1990-05-15'],
    ['1990-05-15T10:00:00.000Z', '1990-05-15'], // local midnight in Honolulu (UTC−10)
  ])('accepts the ISO 8601 date-time %s as the birth date %s', async (birthdate, expected) => {
    const { token } = await newUser();
    const response = await api('POST', '/api/heroes', {
      token,
      body: { heroName: 'Iso Dawn', birthdate, heroId: newHeroId() },
    });
    expect(response.status).toBe(201);
    expect(response.json.hero).toMatchObject({ birthdate: expected, westernZodiac: { sign: 'Taurus' } });
  });

  it('accepts snake_case field names and ignores unknown fields', async () => {
    const { token } = await newUser();
    const heroId = newHeroId();
    const response = await api('POST', '/api/heroes', {
      token,
      body: { hero_name: 'Snake Case', birthdate: '1992-03-21', hero_id: heroId, favouriteColour: 'teal' },
    });
    expect(response.status).toBe(201);
    expect(response.json.hero).toMatchObject({ id: heroId, name: 'Snake Case' });
    expect(response.json.hero.favouriteColour).toBeUndefined();
  });

  describe('a body wrapped as { headers, body: "<JSON text>" } (older clients)', () => {
    const wrap = (
      body: unknown,
      headers: Record<string, string> = { 'Content-Type': 'application/json' },
    ) => ({
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const stored = async (heroId: string) =>
      (await stack.db.query('SELECT 1 FROM heroes.heroes WHERE id = $1', [heroId])).rowCount;

    it('is unwrapped, then validated and filtered like a direct body', async () => {
      const { token, user } = await newUser();
      const other = await newUser();
      const heroId = newHeroId();
      const created = await api('POST', '/api/heroes', {
        token,
        body: wrap(
          {
            hero_name: ' Wrapped Wren ',
            birthdate: '1992-03-21',
            heroId,
            userId: user.id,
            favouriteColour: 'teal',
          },
          // The wrapper's headers are not the request's: another user's token in them changes nothing.
          { Authorization: `Bearer ${other.token}` },
        ),
      });
      expect(created.status).toBe(201);
      expect(Object.keys(created.json)).toEqual(['hero']);
      expect(created.json.hero).toMatchObject({
        id: heroId,
        name: 'Wrapped Wren',
        birthdate: '1992-03-21',
        westernZodiac: { sign: 'Aries' },
      });
      expect(created.json.hero.favouriteColour).toBeUndefined();
      expect((await api('GET', `/api/heroes/${heroId}`, { token })).status).toBe(200);
      expect((await api('GET', `/api/heroes/${heroId}`, { token: other.token })).status).toBe(404);
    });

    it.each([
      [{ heroName: 'A', birthdate: '1992-03-21', heroId: 'not-hex' }],
      [{ heroName: '  ', birthdate: '1992-03-21' }],
      [{ heroName: 'A', birthdate: '2001-02-29' }],
      [{ heroName: 'A', birthdate: '' }],
      [{ heroName: 'A'.repeat(500), birthdate: '1992-03-21' }],
      [{ birthdate: '1992-03-21' }],
      [{ heroName: 'A', birthdate: '1992-03-21', heroId: 'ab', hero_id: 'cd' }],
    ])('refuses %j as it refuses the direct body, storing nothing', async (fields) => {
      const { token } = await newUser();
      const heroId = newHeroId();
      const direct = await api('POST', '/api/heroes', { token, body: { heroId, ...fields } });
      const wrapped = await api('POST', '/api/heroes', { token, body: wrap({ heroId, ...fields }) });
      expect(direct.status).toBe(400);
      expect(wrapped.status).toBe(400);
      expect(wrapped.json).toEqual(direct.json);
      expect(await stored(heroId)).toBe(0);
    });

    it('refuses a body userId of another user (403), as a direct body', async () => {
      const { token } = await newUser();
      const other = await newUser();
      const heroId = newHeroId();
      const wrapped = await api('POST', '/api/heroes', {
        token,
        body: wrap({ heroName: 'A', birthdate: '1990-01-01', heroId, userId: other.user.id }),
      });
      expect(wrapped.status).toBe(403);
      expect(await stored(heroId)).toBe(0);
    });

    it.each([
      ['{"heroName": "A", ', 'INVALID_JSON', 'The request body is not valid JSON.'],
      ['', 'INVALID_JSON', 'The request body is not valid JSON.'],
      ['[1, 2]', 'VALIDATION_FAILED', 'The wrapped request body must be a JSON object.'],
      ['"text"', 'VALIDATION_FAILED', 'The wrapped request body must be a JSON object.'],
      ['null', 'VALIDATION_FAILED', 'The wrapped request body must be a JSON object.'],
      [
        '{"heroName":"A","birthdate":"1990-01-01","__proto__":{"polluted":true}}',
        'VALIDATION_FAILED',
        'The request body uses a reserved name as a key.',
      ],
      [
        '{"heroName":"A\\u0000","birthdate":"1990-01-01"}',
        'VALIDATION_FAILED',
        'The request contains characters that are not allowed (NUL characters or broken Unicode).',
      ],
    ])('refuses the wrapped text %j with a clear 400', async (text, code, message) => {
      const { token } = await newUser();
      const response = await api('POST', '/api/heroes', { token, body: wrap(text) });
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ code, message, error: message });
      expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    });

    it('reads a body with other keys beside `body` as a direct body (refused: no name)', async () => {
      const { token } = await newUser();
      const heroId = newHeroId();
      const response = await api('POST', '/api/heroes', {
        token,
        body: { ...wrap({ heroName: 'A', birthdate: '1990-01-01', heroId }), method: 'POST' },
      });
      expect(response.status).toBe(400);
      expect(await stored(heroId)).toBe(0);
    });
  });

  it('refuses a body userId that is not the signed-in user (403) and a duplicate id (409)', async () => {
    const { token } = await newUser();
    const other = await newUser();
    const heroId = newHeroId();
    const foreign = await api('POST', '/api/heroes', {
      token,
      body: { heroName: 'A', birthdate: '1990-01-01', heroId, userId: other.user.id },
    });
    expect(foreign.status).toBe(403);

    expect(
      (
        await api('POST', '/api/heroes', {
          token: other.token,
          body: { heroName: 'A', birthdate: '1990-01-01', heroId },
        })
      ).status,
    ).toBe(201);
    const duplicate = await createHero(token, 'B', '1990-01-01', heroId);
    expect(duplicate.status).toBe(409);
  });

  it('allows one non-premium hero per user, atomically', async () => {
    const { token } = await newUser();
    const attempts = await Promise.all(
      [1, 2, 3].map(() =>
        api('POST', '/api/heroes', {
          token,
          body: { heroName: 'Twin', birthdate: '1990-05-05', heroId: newHeroId() },
        }),
      ),
    );
    expect(attempts.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const refused = attempts.find((a) => a.status === 409)!;
    expect(refused.json).toMatchObject({
      code: 'NON_PREMIUM_LIMIT',
      error: 'You already have a non-premium hero',
      message:
        'You can only have one non-premium hero at a time. Please upgrade your existing hero to premium before creating a new one.',
    });
  });
});

describe('heroes: generation', () => {
  it('generates three images and a backstory once, pushes hero_status, and shows an unpaid owner only previews', async () => {
    const { token, user } = await newUser();
    const heroId = newHeroId();
    await createHero(token, 'Nova Quill', '1988-08-08', heroId);

    const socket = connectSocket(stack.baseUrl, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
    });
    const statuses: string[] = [];
    socket.on('hero_status', (event: { heroId: string; status: string }) => {
      if (event.heroId === heroId) statuses.push(event.status);
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });

    try {
      const [first, second] = await Promise.all([
        api('POST', `/api/heroes/generate/${heroId}`, { token }),
        api('POST', `/api/heroes/generate/${heroId}`, { token }),
      ]);
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(Object.keys(first.json)).toEqual(['hero']);
      const hero = first.json.hero;
      expect(hero.status).toBe('complete');
      expect(hero.images.map((image: { angle: string }) => image.angle)).toEqual([
        'front',
        'profile',
        'action',
      ]);
      expect(hero.images.map((image: { locked: boolean }) => image.locked)).toEqual([false, true, true]);
      expect(hero.backstoryTruncated).toBe(true);
      expect(hero.backstory.length).toBeLessThanOrEqual(303);
      expect(hero.backstory.endsWith('...')).toBe(true);
      await eventually(() => statuses.includes('complete'));
      expect(statuses).toEqual(['generating', 'complete']);

      // One generation only: the attempt counter moved once.
      const again = await api('POST', `/api/heroes/generate/${heroId}`, { token });
      expect(again.json.hero.status).toBe('complete');
      const profile = await stack.bus.request('heroes.generation-profile', { heroId });
      expect(profile.name).toBe('Nova Quill');

      // The files: previews are served; full quality is not reachable by guessing.
      const front = new URL(hero.images[0].url, stack.baseUrl);
      expect(front.pathname).toBe(`/media/heroes/${heroId}/preview/front.png`);
      const png = await fetch(front);
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      const metadata = await sharp(Buffer.from(await png.arrayBuffer())).metadata();
      expect([metadata.width, metadata.height]).toEqual([512, 512]);
      const webp = await fetch(
        new URL(front.pathname.replace('.png', '.webp') + front.search, stack.baseUrl),
      );
      expect(webp.headers.get('content-type')).toBe('image/webp');

      const guessedFull = new URL(
        front.pathname.replace('/preview/', '/full/') + front.search,
        stack.baseUrl,
      );
      expect((await fetch(guessedFull)).status).toBe(403);
      expect((await fetch(new URL(front.pathname, stack.baseUrl))).status).toBe(403);
      void user;
    } finally {
      socket.disconnect();
    }
  });

  it("answers 404 for another user's hero and lists only the user's own heroes", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const heroId = newHeroId();
    await createHero(owner.token, 'Private', '1975-10-10', heroId);

    const foreign = await api('GET', `/api/heroes/${heroId}`, { token: stranger.token });
    expect(foreign.status).toBe(404);
    expect(foreign.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(foreign.json.message).toBe('Hero not found.');
    // The owner's answer is the heroes service's reply as it was sent, declared as JSON.
    const own = await api('GET', `/api/heroes/${heroId}`, { token: owner.token });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(own.json).toEqual(
      await stack.bus.request('heroes.get', { userId: owner.user.id, heroId, preview: false }),
    );
    expect(own.json).toMatchObject({ id: heroId, name: 'Private', status: 'pending', images: [] });
    expect((await api('POST', `/api/heroes/generate/${heroId}`, { token: stranger.token })).status).toBe(404);

    const mine = await api('GET', '/api/user/heroes', { token: owner.token });
    expect(mine.json.heroes.map((h: { id: string }) => h.id)).toEqual([heroId]);
    const theirs = await api('GET', '/api/user/heroes', { token: stranger.token });
    expect(theirs.json.heroes).toEqual([]);
    const preview = await api('GET', `/api/heroes/preview-${heroId}?t=123`, { token: owner.token });
    expect(preview.status).toBe(200);
    expect(preview.json.id).toBe(heroId);
  });

  it('refuses to generate while the AI quota is exceeded, with errorType quota_exceeded', async () => {
    const { token } = await newUser();
    const heroId = newHeroId();
    await createHero(token, 'Patient', '1999-09-09', heroId);
    await stack.redis.set(aiQuotaKey(stack.prefix), 'test', 'EX', 60);
    try {
      const status = await api('GET', '/api/status/openai-quota');
      expect(status.status).toBe(429);
      expect(status.json).toMatchObject({ isQuotaExceeded: true, errorType: 'quota_exceeded' });
      const refused = await api('POST', `/api/heroes/generate/${heroId}`, { token });
      expect(refused.status).toBe(429);
      expect(refused.json).toMatchObject({
        errorType: 'quota_exceeded',
        message: 'OpenAI API quota exceeded. Please try again later or contact support.',
      });
    } finally {
      await stack.redis.del(aiQuotaKey(stack.prefix));
    }
    expect((await api('GET', '/api/status/openai-quota')).json.isQuotaExceeded).toBe(false);
  });

  it('applies a generation result once and ignores a stale attempt', async () => {
    const { token } = await newUser();
    const heroId = newHeroId();
    await createHero(token, 'Once', '1980-02-02', heroId);
    await api('POST', `/api/heroes/generate/${heroId}`, { token });
    const before = (await api('GET', `/api/heroes/${heroId}`, { token })).json;

    await stack.bus.emitEvent(
      'hero.generation-failed',
      { heroId, attempt: 1, reason: 'late failure', quotaExceeded: false },
      { eventId: `${heroId}.late` },
    );
    await stack.bus.emitEvent(
      'hero.generated',
      { heroId, attempt: 7, images: [], backstory: 'stale', provider: 'test' },
      { eventId: `${heroId}.stale` },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = (await api('GET', `/api/heroes/${heroId}`, { token })).json;
    expect(after.status).toBe('complete');
    expect(after.backstory).toBe(before.backstory);
  });

  it('announces hero.completed to the storybook service once the generation is applied', async () => {
    const { token, user } = await newUser();
    const heroId = newHeroId();
    await createHero(token, 'Storyteller', '1992-08-08', heroId);
    await api('POST', `/api/heroes/generate/${heroId}`, { token });

    // The storybook service is not part of this stack: its event queue holds the announcement.
    const storybookEvents = new Queue(QueueNames.events('storybook'), {
      connection: { url: TEST_REDIS_URL },
      prefix: stack.prefix,
    });
    try {
      const job = await eventually(async () => {
        const found = await storybookEvents.getJob(`hero.completed.${heroId}`);
        if (!found) throw new Error('hero.completed not announced yet');
        return found;
      });
      expect(job.name).toBe('hero.completed');
      expect(job.data.data).toEqual({
        heroId,
        userId: user.id,
        heroName: 'Storyteller',
        paymentStatus: 'unpaid',
        completedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
    } finally {
      await storybookEvents.close();
    }
  });
});
