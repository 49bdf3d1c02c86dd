/**
 * System proof: the API contract. Existing third-party clients are written against the product's
 * table of calls (method and path, what the client sends, what it reads from the answer). Every row
 * of that table is replayed here against the whole stack as real processes, sending the payload as
 * the contract describes it, and each answer is checked two ways:
 *
 *   1. against the JSON schema of that operation and status taken from the gateway's own OpenAPI
 *      document (/api/docs/json), so the document and the code cannot drift apart;
 *   2. for the fields the contract's client reads (e.g. `hero`, `hero.images`, `clientSecret`), so the
 *      document cannot drift from the contract either.
 *
 * Then every kind of 4xx answer — validation, the body guard, unknown routes, missing tokens, rate
 * limits, media URLs, the queue dashboard — must carry both `error` and `message` (clients read
 * `error`), and the shapes the contract leaves to us are pinned: camelCase and snake_case field names,
 * unknown fields ignored, birth dates as ISO date-times, the creator listed in a new room, one
 * reserved sender id for narrator and system lines.
 */
import AjvModule, { type ValidateFunction } from 'ajv';
import { randomBytes } from 'node:crypto';
import { Api, eventually, SocketClient, type ApiRequest, type ApiResponse } from './client.js';
import { startSystem, type System } from './harness.js';
import { buildWorld, newHeroId, pay, register, type Account, type World } from './world.js';

// ajv is CommonJS: its class is the default export's `default` under ESM.
const Ajv = ((AjvModule as unknown as { default?: typeof AjvModule }).default ??
  AjvModule) as typeof AjvModule;

/** Every 4xx answer's body must carry these (the contract's clients read `error`). */
const ERROR_FIELDS = ['error', 'message'] as const;
/** A low limit for the rate-limit check; every other suite runs with generous limits. */
const LOGIN_PER_EMAIL = 4;

let system: System;
let api: Api;
let world: World;
let doc: any;
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
const validators = new Map<string, ValidateFunction>();

beforeAll(async () => {
  system = await startSystem({
    label: 'syscontract',
    env: { RATE_LIMIT_LOGIN_PER_EMAIL: String(LOGIN_PER_EMAIL) },
  });
  api = new Api(system.gatewayUrls);
  const answer = await api.get('/api/docs/json');
  expect(answer.status).toBe(200);
  doc = answer.json;
  world = await buildWorld(api);
}, 180_000);

afterAll(async () => {
  await system?.stop();
}, 60_000);

/** The OpenAPI path template of a concrete path, e.g. /api/heroes/abc → /api/heroes/{id}. */
function templateOf(method: string, path: string): string {
  const bare = path.split('?')[0]!;
  const segments = bare.split('/');
  const match = Object.keys(doc.paths).find((template) => {
    if (!doc.paths[template][method.toLowerCase()]) return false;
    const parts = template.split('/');
    return (
      parts.length === segments.length &&
      parts.every((part, i) => part === segments[i] || /^\{\w+\}$/.test(part))
    );
  });
  if (!match) throw new Error(`${method} ${bare} is not in the OpenAPI document`);
  // Literal segments win over parameters (e.g. /api/shared-story/create over /{roomId}).
  const literal = Object.keys(doc.paths).find(
    (template) => template === bare && doc.paths[template][method.toLowerCase()],
  );
  return literal ?? match;
}

/** The JSON schema the OpenAPI document gives the answer of this operation and status. */
function validatorFor(method: string, template: string, status: number): ValidateFunction {
  const key = `${method} ${template} ${status}`;
  const known = validators.get(key);
  if (known) return known;
  const response = doc.paths[template]?.[method.toLowerCase()]?.responses?.[String(status)];
  const schema = response?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`The OpenAPI document has no JSON schema for ${key}`);
  // The component schemas travel along, so '#/components/schemas/…' references resolve.
  const validate = ajv.compile({ ...schema, components: { schemas: doc.components.schemas } });
  validators.set(key, validate);
  return validate;
}

/** Checks an answer against its documented schema; returns it for the contract's own checks. */
function conforms(request: ApiRequest, response: ApiResponse, expectedStatus: number): ApiResponse {
  const what = `${request.method} ${request.path}`;
  expect(`${what} → ${response.status}`).toBe(`${what} → ${expectedStatus}`);
  const validate = validatorFor(request.method, templateOf(request.method, request.path), response.status);
  const valid = validate(response.json);
  expect({ what, errors: valid ? null : validate.errors }).toEqual({ what, errors: null });
  if (response.status >= 400) expectErrorFields(what, response);
  return response;
}

async function replay(request: ApiRequest, expectedStatus: number): Promise<ApiResponse> {
  return conforms(request, await api.call(request), expectedStatus);
}

function expectErrorFields(what: string, response: ApiResponse) {
  const body = response.json ?? {};
  for (const field of ERROR_FIELDS) {
    expect({ what, field, type: typeof body[field] }).toEqual({ what, field, type: 'string' });
  }
  expect(body.error.length).toBeGreaterThan(0);
}

describe('every row of the contract table, as the contract describes the call', () => {
  let account: Account;
  let heroId: string;

  beforeAll(async () => {
    account = await register(api, 'contract');
    heroId = newHeroId();
  });

  it('POST /api/heroes (heroName, birthdate, heroId, userId) → hero', async () => {
    const response = await replay(
      {
        method: 'POST',
        path: '/api/heroes',
        token: account.token,
        body: { heroName: 'Contract Nova', birthdate: '1990-05-15', heroId, userId: account.userId },
      },
      201,
    );
    expect(response.json.hero).toMatchObject({ id: heroId, name: 'Contract Nova', paymentStatus: 'unpaid' });
  });

  it('POST /api/heroes/generate/{heroId} (no payload) → hero.images, hero.backstory', async () => {
    const response = await replay(
      { method: 'POST', path: `/api/heroes/generate/${heroId}`, token: account.token },
      200,
    );
    expect(response.json.hero.images).toHaveLength(3);
    expect(response.json.hero.images[0]).toMatchObject({ url: expect.any(String), angle: 'front' });
    expect(response.json.hero.backstory).toEqual(expect.stringMatching(/\S/));
  });

  it('GET /api/heroes/{id}, also with ?t={timestamp} → hero fields', async () => {
    for (const path of [`/api/heroes/${heroId}`, `/api/heroes/${heroId}?t=${Date.now()}`]) {
      const response = await replay({ method: 'GET', path, token: account.token }, 200);
      expect(response.json).toMatchObject({ id: heroId, name: 'Contract Nova', status: 'complete' });
      expect(response.json.westernZodiac.sign).toBe('Taurus');
    }
  });

  it('GET /api/user/heroes → heroes, each with paymentStatus', async () => {
    const response = await replay({ method: 'GET', path: '/api/user/heroes', token: account.token }, 200);
    expect(
      response.json.heroes.map((h: { id: string; paymentStatus: string }) => [h.id, h.paymentStatus]),
    ).toEqual([[heroId, 'unpaid']]);
  });

  it('GET /api/heroes/{heroId}/storybook → storyBook, chapters (snake_case and camelCase)', async () => {
    const request = { method: 'GET', path: `/api/heroes/${heroId}/storybook`, token: account.token };
    const response = await eventually(
      async () => {
        const answer = await api.call(request);
        return answer.status === 200 ? answer : undefined;
      },
      30_000,
      'the storybook of the new hero',
    );
    conforms(request, response, 200);
    const { storyBook, chapters } = response.json;
    expect(storyBook).toMatchObject({
      heroId,
      is_premium: false,
      isPremium: false,
      chapters_total_count: expect.any(Number),
      chapters_unlocked_count: 1,
    });
    expect(chapters[0]).toMatchObject({ chapter_number: 1 });
  });

  it('POST /api/storybook/{storyBookId} (count 3) → storyBook, chapters', async () => {
    await pay(api, world.paid, 'chapters');
    const response = await replay(
      {
        method: 'POST',
        path: `/api/storybook/${world.paid.storyBookId}`,
        token: world.paid.token,
        body: { count: 3 },
      },
      200,
    );
    expect(response.json.storyBook.chapters_unlocked_count).toBe(7);
    expect(Array.isArray(response.json.chapters)).toBe(true);
  });

  it('POST /api/storybook/{heroId}/unlock-after-payment (no payload)', async () => {
    await pay(api, world.paid, 'chapters');
    await replay(
      {
        method: 'POST',
        path: `/api/storybook/${world.paid.heroId}/unlock-after-payment`,
        token: world.paid.token,
      },
      200,
    );
  });

  it('POST /api/create-payment-intent (amount, currency, heroId, walletAddress, unlockChapters, paymentType, is_test) → clientSecret', async () => {
    const response = await replay(
      {
        method: 'POST',
        path: '/api/create-payment-intent',
        token: account.token,
        body: {
          amount: 399,
          currency: 'usd',
          heroId,
          walletAddress: '0x0000000000000000000000000000000000000001',
          unlockChapters: false,
          paymentType: 'premium_upgrade',
          is_test: true,
        },
      },
      200,
    );
    expect(response.json.clientSecret).toEqual(expect.stringMatching(/\S/));
  });

  it('POST /api/heroes/setpremium/{heroId} (after payment success)', async () => {
    await replay(
      { method: 'POST', path: `/api/heroes/setpremium/${world.paid.heroId}`, token: world.paid.token },
      200,
    );
  });

  it('GET /api/heroes/{id}/download → a zip saved as hero_{id}_assets.zip', async () => {
    const id = world.paid.heroId;
    const request: ApiRequest = {
      method: 'GET',
      path: `/api/heroes/${id}/download`,
      token: world.paid.token,
    };
    // The first download renders the hero's book: when that takes longer than the gateway waits (a busy
    // machine), the answer is 202 with when to ask again, and a client asks again, as here.
    let response = await api.call(request);
    for (let retries = 0; response.status === 202 && retries < 10; retries++) {
      expect(response.json).toMatchObject({ status: 'preparing', retryAfterMs: expect.any(Number) });
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, response.json.retryAfterMs));
      response = await api.call(request);
    }
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toContain(`hero_${id}_assets.zip`);
    expect(response.body.subarray(0, 2).toString('latin1')).toBe('PK');
    // Refusals are JSON errors as documented.
    await replay({ method: 'GET', path: `/api/heroes/${heroId}/download`, token: account.token }, 403);
    await replay({ method: 'GET', path: `/api/heroes/${newHeroId()}/download`, token: account.token }, 404);
  });

  it("GET /api/share/{shareId} → hero (name, images, westernZodiac, chineseZodiac, backstory); error field 'error'", async () => {
    const response = await replay({ method: 'GET', path: `/api/share/${world.shareId}` }, 200);
    expect(response.json.hero).toMatchObject({
      name: 'Paid Champion',
      images: expect.any(Array),
      westernZodiac: expect.objectContaining({ sign: expect.any(String) }),
      chineseZodiac: expect.objectContaining({ sign: expect.any(String) }),
      backstory: expect.stringMatching(/\S/),
    });
    await replay({ method: 'GET', path: `/api/share/${randomBytes(16).toString('hex')}` }, 404);
  });

  it('POST /api/auth/login (email, password) → token, user', async () => {
    const response = await replay(
      {
        method: 'POST',
        path: '/api/auth/login',
        body: { email: account.email, password: account.password },
      },
      200,
    );
    expect(response.json).toMatchObject({
      token: expect.any(String),
      user: { id: account.userId, name: account.name, email: account.email },
    });
    await replay(
      {
        method: 'POST',
        path: '/api/auth/login',
        body: { email: account.email, password: 'not-the-password' },
      },
      401,
    );
  });

  it('POST /api/auth/register (name, email, password)', async () => {
    const email = `contract-${randomBytes(4).toString('hex')}@example.com`;
    await replay(
      {
        method: 'POST',
        path: '/api/auth/register',
        body: { name: 'Ada Contract', email, password: 'pass-word-1' },
      },
      201,
    );
    const again = await replay(
      {
        method: 'POST',
        path: '/api/auth/register',
        body: { name: 'Ada Contract', email, password: 'pass-word-1' },
      },
      409,
    );
    expect(again.json.error).toBe('Email already exists');
  });

  it('GET /api/user/shares → sharedLinks', async () => {
    const response = await replay({ method: 'GET', path: '/api/user/shares', token: world.paid.token }, 200);
    expect(response.json.sharedLinks[0]).toMatchObject({
      id: world.shareId,
      heroId: world.paid.heroId,
      createdAt: expect.any(String),
      accessCount: expect.any(Number),
      isActive: true,
      shareUrl: expect.stringContaining(world.shareId),
    });
  });

  it('GET /api/status/openai-quota → message; isQuotaExceeded', async () => {
    const response = await replay({ method: 'GET', path: '/api/status/openai-quota' }, 200);
    expect(response.json).toMatchObject({ isQuotaExceeded: false, message: expect.any(String) });
  });

  it('GET /api/shared-story → the list of active rooms', async () => {
    const response = await replay({ method: 'GET', path: '/api/shared-story', token: account.token }, 200);
    expect(response.json.map((room: { id: string }) => room.id)).toContain(world.roomId);
    // Each row also names who is inside now (an additive field: the counts stay as they were).
    for (const room of response.json) {
      expect(room).toMatchObject({ participantCount: expect.any(Number), heroes: expect.any(Array) });
    }
  });

  it('GET /api/shared-story/{roomId} → title, participants', async () => {
    const response = await replay(
      { method: 'GET', path: `/api/shared-story/${world.roomId}`, token: account.token },
      200,
    );
    expect(response.json).toMatchObject({ title: expect.any(String), participants: expect.any(Array) });
  });

  it('POST /api/shared-story/create (heroId) → roomId; the creator is a participant at once', async () => {
    const response = await replay(
      {
        method: 'POST',
        path: '/api/shared-story/create',
        token: world.paid.token,
        body: { heroId: world.paid.heroId },
      },
      201,
    );
    const roomId = response.json.roomId;
    expect(roomId).toEqual(expect.any(String));
    // The creator's first view (before its socket joins) counts its hero.
    const detail = await replay(
      { method: 'GET', path: `/api/shared-story/${roomId}`, token: world.paid.token },
      200,
    );
    expect(detail.json.participants).toEqual([
      expect.objectContaining({ id: world.paid.heroId, name: 'Paid Champion', isPremium: true }),
    ]);
  });
});

describe('the OpenAPI document', () => {
  it('has schemas strict enough to refuse the shapes that broke clients', async () => {
    const hero = (await api.get(`/api/heroes/${world.paid.heroId}`, world.paid.token)).json;
    // The hero at the top level (what create and generate used to answer) is not `{ hero }`.
    for (const template of ['/api/heroes', '/api/heroes/generate/{heroId}']) {
      const status = template === '/api/heroes' ? 201 : 200;
      expect(validatorFor('POST', template, status)(hero)).toBe(false);
      expect(validatorFor('POST', template, status)({ hero })).toBe(true);
    }
    // An error body without `error` is refused.
    const refusal = validatorFor('POST', '/api/auth/login', 401);
    expect(refusal({ status: 401, code: 'UNAUTHORIZED', message: 'No.' })).toBe(false);
  });

  it('documents a JSON answer schema for every operation it lists', () => {
    const missing: string[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        for (const [status, answer] of Object.entries(operation.responses as Record<string, any>)) {
          // The zips (a hero's assets, a user's data), the books (EPUB, PDF) and the share card (PNG) are files, not JSON.
          const file = [
            'get /api/heroes/{id}/download',
            'get /api/user/export',
            'get /api/heroes/{heroId}/storybook/export',
            'get /api/share/{shareId}/card/{file}',
          ];
          if (file.includes(`${method} ${path}`) && status === '200') continue;
          if (!answer.content?.['application/json']?.schema) missing.push(`${method} ${path} ${status}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('request shapes the contract uses', () => {
  it('accepts heroId or hero_id, ignores unknown fields, and still refuses prototype keys', async () => {
    const owner = world.paid;
    for (const body of [
      { hero_id: owner.heroId },
      { heroId: owner.heroId, clientVersion: '2.1.0', extra: { nested: true } },
    ]) {
      await replay({ method: 'POST', path: '/api/shared-story/create', token: owner.token, body }, 201);
    }
    const conflicting = await replay(
      {
        method: 'POST',
        path: '/api/shared-story/create',
        token: owner.token,
        body: { heroId: owner.heroId, hero_id: newHeroId() },
      },
      400,
    );
    expect(conflicting.json.message).toBe('heroId and hero_id name the same field; send one of them.');
    for (const key of ['__proto__', 'constructor']) {
      const raw = `{"heroId":"${owner.heroId}","${key}":{"polluted":true}}`;
      await replay({ method: 'POST', path: '/api/shared-story/create', token: owner.token, body: raw }, 400);
    }
  });

  it('takes a birth date as sent by Date.toISOString(), read as the date the person picked', async () => {
    const cases: [string, string][] = [
      ['1990-05-15T00:00:00.000Z', '1990-05-15'],
      ['1990-05-14T22:00:00.000Z', '1990-05-15'], // local midnight in Warsaw
      ['1990-05-14T11:00:00.000Z', '1990-05-15'], // local midnight at UTC+13
      ['1990-05-15T10:00:00.000Z', '1990-05-15'], // local midnight at UTC−10
      ['1990-05-15T00:00:00+14:00', '1990-05-15'],
      ['1990-05-15T00:00:00-12:00', '1990-05-15'],
    ];
    for (const [birthdate, expected] of cases) {
      const person = await register(api, 'isodate');
      const response = await replay(
        {
          method: 'POST',
          path: '/api/heroes',
          token: person.token,
          body: { heroName: 'Iso Dawn', birthdate, heroId: newHeroId(), userId: person.userId },
        },
        201,
      );
      expect({ birthdate, read: response.json.hero.birthdate }).toEqual({ birthdate, read: expected });
    }
    const refused = await replay(
      {
        method: 'POST',
        path: '/api/heroes',
        token: (await register(api, 'isodate')).token,
        body: { heroName: 'Iso Dawn', birthdate: '2001-02-29T00:00:00.000Z', heroId: newHeroId() },
      },
      400,
    );
    expect(refused.json.error).toBe('2001-02-29 is not a real calendar date.');
  });

  it('marks narrator and system lines with the one reserved sender id, told apart by kind', async () => {
    const RESERVED = 'system';
    const spectator = await SocketClient.connect(system.gatewayUrls[1]!, world.other.token);
    const owner = await SocketClient.connect(system.gatewayUrls[0]!, world.paid.token);
    try {
      // Another hero joins first: its "joined" line is a system line.
      spectator.emit('authenticate', { token: world.other.token, heroId: world.other.heroId });
      await spectator.next(['authenticated']);
      spectator.emit('join_room', { roomId: world.roomId });
      await spectator.next(['room_joined']);
      owner.emit('authenticate', { token: world.paid.token, heroId: world.paid.heroId });
      await owner.next(['authenticated']);
      owner.emit('join_room', { roomId: world.roomId });
      const history: { kind: string; sender: { id: string } }[] = (await owner.next(['room_joined'])).payload
        .messages;
      // The narrator's opening is in the history, or arrives once written.
      if (!history.some((message) => message.kind === 'narrator')) {
        history.push(
          (await owner.next(['message'], (_e, body) => body?.kind === 'narrator', 30_000)).payload,
        );
      }
      const kinds = new Set(history.map((message) => message.kind));
      expect([kinds.has('narrator'), kinds.has('system')]).toEqual([true, true]);
      for (const message of history) {
        if (message.kind === 'hero') expect(message.sender.id).not.toBe(RESERVED);
        else expect(message.sender.id).toBe(RESERVED);
      }
    } finally {
      spectator.close();
      owner.close();
    }
  }, 60_000);
});

describe('every 4xx answer carries error and message', () => {
  /** `status` exact, or '4xx' where only the class is ours to pin. */
  const expectError = async (request: ApiRequest, status: number | '4xx') => {
    const response = await api.call(request);
    const what = `${request.method} ${request.path}`;
    if (status === '4xx') expect(`${what} → ${String(response.status)[0]}xx`).toBe(`${what} → 4xx`);
    else expect(`${what} → ${response.status}`).toBe(`${what} → ${status}`);
    expectErrorFields(what, response);
    return response;
  };

  it('validation, malformed JSON, a wrong content type, a body the guard refuses', async () => {
    await expectError({ method: 'POST', path: '/api/auth/login', body: {} }, 400);
    await expectError({ method: 'POST', path: '/api/auth/login', body: '{"email":' }, 400);
    await expectError(
      { method: 'POST', path: '/api/auth/login', body: 'email=a', headers: { 'content-type': 'text/plain' } },
      '4xx',
    );
    await expectError({ method: 'POST', path: '/api/auth/login', body: '{"toString":"x"}' }, 400);
    const tooLarge = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) });
    await expectError({ method: 'POST', path: '/api/auth/login', body: tooLarge }, 413);
  });

  it('no token, a bad token, an unknown route, an unknown hero', async () => {
    await expectError({ method: 'GET', path: '/api/user/heroes' }, 401);
    await expectError({ method: 'GET', path: '/api/user/heroes', token: 'not-a-token' }, 401);
    await expectError({ method: 'GET', path: '/api/no-such-route' }, 404);
    await expectError({ method: 'DELETE', path: '/api/heroes' }, 404);
    await expectError({ method: 'GET', path: `/api/heroes/${newHeroId()}`, token: world.other.token }, 404);
  });

  it('a rate limit', async () => {
    const email = `limited-${randomBytes(4).toString('hex')}@example.com`;
    let last: ApiResponse | undefined;
    for (let attempt = 0; attempt <= LOGIN_PER_EMAIL + 1; attempt++) {
      last = await api.call({
        method: 'POST',
        path: '/api/auth/login',
        body: { email, password: 'wrong-pass' },
      });
      if (last.status === 429) break;
    }
    expect(last?.status).toBe(429);
    expectErrorFields('POST /api/auth/login (limited)', last!);
  });

  it('media URLs without a valid signature, and the queue dashboard without its token', async () => {
    await expectError({ method: 'GET', path: `/media/heroes/${world.paid.heroId}/preview/front.png` }, 403);
    await expectError(
      { method: 'GET', path: `/media/heroes/${world.paid.heroId}/preview/front.png?sig=x&exp=1` },
      403,
    );
    await expectError({ method: 'GET', path: '/admin/queues' }, 401);
  });
});
