import { ErrorCodes, MODERATION_MESSAGES, USER_TEXT_MESSAGES } from '@starborn/contracts';
import { startStack, type TestStack } from '../__tests__/stack.js';

/**
 * User text through the gateway's HTTP API: hero names, display names (register and rename), room
 * titles and the support form refuse control characters and bidi overrides, and the names and titles
 * refuse disguised profanity, each with a clear 400 that never repeats the text.
 */
let stack: TestStack;
let counter = 0;

beforeAll(async () => {
  stack = await startStack('user-text', { with: ['rooms'] });
}, 120_000);

afterAll(() => stack?.close(), 60_000);

const CONTROLS: [string, string, string][] = [
  ['a right-to-left override', 'Astra \u202Eelav', USER_TEXT_MESSAGES.directionControls],
  ['a right-to-left isolate', '\u2067Astra\u2069 Vale', USER_TEXT_MESSAGES.directionControls],
  ['a left-to-right embedding', '\u202AAstra\u202C', USER_TEXT_MESSAGES.directionControls],
  ['a C0 control', 'Astra\u0007Vale', USER_TEXT_MESSAGES.controlCharacters],
  ['an escape sequence', 'Astra\u001B[2JVale', USER_TEXT_MESSAGES.controlCharacters],
  ['a C1 control', 'Astra\u0085Vale', USER_TEXT_MESSAGES.controlCharacters],
  ['a line break', 'Astra\nVale', USER_TEXT_MESSAGES.controlCharacters],
];

/** The disguises of the review, one each. */
const DISGUISED = [
  'f\u00ADu\u00ADc\u00ADk',
  'sh\u2060it',
  'f\uFE0Fuck',
  'c\u034Funt',
  'sh\u3164it',
  'f\u0336u\u0336c\u0336k\u0336',
  '𝓯𝓾𝓬𝓴 Lord',
  '𝔰𝔥𝔦𝔱',
  'ꜰᴜᴄᴋ',
  'f,u,c,k',
  's;h;i;t',
  'c^u^n^t',
  '\u202Ekcuf',
  'dıck',
  'ſhit',
  'phuck',
  'f**k',
  'c*nt',
];

const expectRefusal = (
  response: { status: number; json: any },
  code: string,
  message: string,
  sent: string,
) => {
  expect(response.status).toBe(400);
  expect(response.json).toMatchObject({ code, message, error: message });
  expect(JSON.stringify(response.json)).not.toContain(JSON.stringify(sent).slice(1, -1));
};

const register = (name: string) =>
  stack.api('POST', '/api/auth/register', {
    body: { name, email: `text-${++counter}-${Date.now()}@example.com`, password: 'password-123' },
  });
const createHero = (token: string, heroName: string) =>
  stack.api('POST', '/api/heroes', {
    token,
    body: { heroName, birthdate: '1990-07-25', heroId: crypto.randomUUID().replaceAll('-', '') },
  });

describe('control characters and bidi overrides', () => {
  it.each(CONTROLS)(
    'refuses %s in a display name at registration and rename',
    async (_what, name, message) => {
      expectRefusal(await register(name), ErrorCodes.VALIDATION_FAILED, message, name);
      const { token } = await stack.newUser();
      const renamed = await stack.api('PATCH', '/api/user', { token, body: { name } });
      expectRefusal(renamed, ErrorCodes.VALIDATION_FAILED, message, name);
    },
  );

  it.each(CONTROLS)('refuses %s in a hero name', async (_what, name, message) => {
    const { token } = await stack.newUser();
    expectRefusal(await createHero(token, name), ErrorCodes.VALIDATION_FAILED, message, name);
  });

  it('refuses them in a room title, and in the support form but for line breaks in its message', async () => {
    const host = await stack.newHero({ paid: true });
    const created = await stack.api('POST', '/api/shared-story/create', {
      token: host.token,
      body: { heroId: host.heroId },
    });
    expect(created.status).toBe(201);
    const path = `/api/shared-story/${created.json.roomId}`;
    for (const [, title, message] of CONTROLS) {
      const renamed = await stack.api('PATCH', path, { token: host.token, body: { title } });
      expectRefusal(renamed, ErrorCodes.VALIDATION_FAILED, message, title);
    }
    const kept = await stack.api('PATCH', path, { token: host.token, body: { title: 'סיפור הלילה' } });
    expect(kept.status).toBe(200);
    expect(kept.json.title).toBe('סיפור הלילה');

    const support = (body: Record<string, string>) =>
      stack.api('POST', '/api/support', {
        body: { name: 'Nova', email: 'nova@example.com', subject: 'Help', message: 'Hello', ...body },
      });
    expect((await support({ message: 'Hello,\r\nmy hero is gone.\nThanks' })).status).toBe(201);
    for (const [, text, message] of CONTROLS.filter(([what]) => what !== 'a line break')) {
      expectRefusal(await support({ message: text }), ErrorCodes.VALIDATION_FAILED, message, text);
      expectRefusal(await support({ name: text }), ErrorCodes.VALIDATION_FAILED, message, text);
    }
    const lineBreakInName = await support({ name: 'Nova\nStar' });
    expectRefusal(
      lineBreakInName,
      ErrorCodes.VALIDATION_FAILED,
      USER_TEXT_MESSAGES.controlCharacters,
      'Nova\nStar',
    );
  });
});

describe('the content filter on names and titles', () => {
  it('refuses every disguise of the review in a display name, at registration and rename', async () => {
    const { token } = await stack.newUser();
    for (const name of DISGUISED) {
      // A right-to-left override is refused for its characters before the filter reads it.
      const code = name.includes('\u202E') ? ErrorCodes.VALIDATION_FAILED : ErrorCodes.CONTENT_NOT_ALLOWED;
      const message = name.includes('\u202E')
        ? USER_TEXT_MESSAGES.directionControls
        : MODERATION_MESSAGES.displayName;
      expectRefusal(await register(name), code, message, name);
      expectRefusal(await stack.api('PATCH', '/api/user', { token, body: { name } }), code, message, name);
    }
    expect((await register('Dick Grayson')).status).toBe(201);
    const renamed = await stack.api('PATCH', '/api/user', { token, body: { name: 'Scunthorpe Cockburn' } });
    expect(renamed.status).toBe(200);
  });

  it('refuses every disguise in a hero name and a room title', async () => {
    const host = await stack.newHero({ paid: true });
    const created = await stack.api('POST', '/api/shared-story/create', {
      token: host.token,
      body: { heroId: host.heroId },
    });
    const path = `/api/shared-story/${created.json.roomId}`;
    for (const text of DISGUISED.filter((name) => !name.includes('\u202E'))) {
      expectRefusal(
        await createHero(host.token, text),
        ErrorCodes.CONTENT_NOT_ALLOWED,
        MODERATION_MESSAGES.heroName,
        text,
      );
      const renamed = await stack.api('PATCH', path, { token: host.token, body: { title: text } });
      expectRefusal(renamed, ErrorCodes.CONTENT_NOT_ALLOWED, MODERATION_MESSAGES.roomTitle, text);
    }
    const { token } = await stack.newUser();
    expect((await createHero(token, 'Dick Grayson of Sussex')).status).toBe(201);
    const kept = await stack.api('PATCH', path, { token: host.token, body: { title: 'A class assignment' } });
    expect(kept.status).toBe(200);
  });
});
