import { BACKSTORY_PREVIEW_LENGTH, type RoomHeroRef } from '@starborn/contracts';
import { RemoteError } from '@starborn/messaging';
import { PaymentsModule } from '@starborn/payments';
import { StorybookModule } from '@starborn/storybook';
import { eventually, unzip } from '@starborn/testing';
import { buffer } from 'node:stream/consumers';
import { startStack, type TestStack } from '../__tests__/stack.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack('userexport', {
    services: { payments: PaymentsModule, storybook: StorybookModule },
    with: ['rooms'],
    env: { RATE_LIMIT_DATA_EXPORT: '3' },
  });
}, 60_000);

afterAll(() => stack?.close());

const CARD_NUMBER = '4242 4242 4242 4242';

async function stored(key: string): Promise<Buffer> {
  const object = await stack.storage.get(key);
  if (!object) throw new Error(`missing ${key}`);
  return buffer(object.body);
}

/** A hero made premium through a real card payment (local provider): the payment is part of the export. */
async function paidHero(token: string) {
  const { heroId } = await stack.newHero({ paid: false, token });
  const intent = await stack.api('POST', '/api/create-payment-intent', {
    token,
    body: {
      amount: 1,
      currency: 'usd',
      heroId,
      walletAddress: '',
      unlockChapters: false,
      paymentType: 'premium_upgrade',
    },
  });
  expect(intent.status).toBe(200);
  const confirmed = await stack.api('POST', '/api/payments/local/confirm', {
    token,
    body: {
      clientSecret: intent.json.clientSecret,
      card: { number: CARD_NUMBER, expMonth: 12, expYear: 2099, cvc: '123' },
    },
  });
  expect(confirmed.status).toBe(200);
  await eventually(async () => {
    const hero = (await stack.api('GET', `/api/heroes/${heroId}`, { token })).json;
    return hero.paymentStatus === 'paid' ? hero : undefined;
  });
  return { heroId, clientSecret: intent.json.clientSecret as string };
}

const heroRef = (userId: string, heroId: string, name: string): RoomHeroRef => ({
  userId,
  heroId,
  name,
  avatar: null,
  isPremium: true,
});

async function download(token: string) {
  const response = await stack.api('GET', '/api/user/export', { token });
  expect(response.status).toBe(200);
  const files = await unzip(response.body);
  const json = (path: string) => JSON.parse(files.get(path)!.toString('utf8'));
  return { response, files, json };
}

describe('data export', () => {
  it('gives the whole account as a zip: JSON files and the media, nothing of anyone else, no card data', async () => {
    const { token, user } = await stack.newUser();
    const email = (await stack.api('GET', '/api/user', { token })).json.email as string;
    const { heroId: paidId, clientSecret } = await paidHero(token);
    const view = await stack.firstChapterWritten(token, paidId, { premium: true });
    const share = await stack.api('POST', `/api/heroes/${paidId}/share`, { token });
    expect(share.status).toBe(201);
    const { heroId: unpaidId } = await stack.newHero({ paid: false, token });
    const support = await stack.api('POST', '/api/support', {
      token,
      body: {
        name: 'Ann',
        email,
        subject: 'My hero',
        message: 'Where is chapter 5?',
        category: 'general-inquiry',
      },
    });
    expect(support.status).toBe(201);
    const room = await stack.api('POST', '/api/shared-story/create', { token, body: { heroId: paidId } });
    expect(room.status).toBe(201);
    const roomId: string = room.json.roomId;
    await stack.bus.request('rooms.send', {
      roomId,
      hero: heroRef(user.id, paidId, 'Mine'),
      message: 'Hello from my hero',
    });

    // Someone else, in the same room, with a paid hero of their own.
    const other = await stack.newHero({ paid: true });
    const otherUser = (await stack.api('GET', '/api/user', { token: other.token })).json;
    await stack.bus.request('rooms.send', {
      roomId,
      hero: heroRef(otherUser.id, other.heroId, 'Theirs'),
      message: 'A stranger speaks',
    });

    const { response, files, json } = await download(token);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="starborn-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');

    expect(json('account.json').user).toEqual({
      id: user.id,
      name: expect.any(String),
      email,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(json('account.json').supportRequests).toEqual([
      expect.objectContaining({ id: support.json.id, userId: user.id, message: 'Where is chapter 5?' }),
    ]);
    expect(files.get('README.txt')!.toString('utf8')).toContain('payments.json');

    const heroes = json('heroes.json');
    expect(heroes.map((hero: { id: string }) => hero.id).sort()).toEqual([paidId, unpaidId].sort());
    const paid = heroes.find((hero: { id: string }) => hero.id === paidId);
    const unpaid = heroes.find((hero: { id: string }) => hero.id === unpaidId);
    // Full quality where paid, previews otherwise; the backstory whole either way.
    expect(paid.images).toHaveLength(3);
    for (const image of paid.images) {
      expect(image).toMatchObject({ quality: 'full', file: `media/${paidId}/${image.angle}.png` });
      expect(files.get(image.file)!.equals(await stored(`heroes/${paidId}/full/${image.angle}.png`))).toBe(
        true,
      );
    }
    const { rows: previews } = await stack.db.query(
      `SELECT angle, preview_key, full_key FROM heroes.hero_images WHERE hero_id = $1`,
      [unpaidId],
    );
    expect(unpaid.images).toHaveLength(3);
    for (const image of unpaid.images) {
      const row = previews.find((preview) => preview.angle === image.angle)!;
      expect(image.quality).toBe('preview');
      expect(files.get(image.file)!.equals(await stored(`${row.preview_key}.png`))).toBe(true);
      expect(files.get(image.file)!.equals(await stored(`${row.full_key}.png`))).toBe(false);
    }
    const { rows: stories } = await stack.db.query(`SELECT backstory FROM heroes.heroes WHERE id = $1`, [
      unpaidId,
    ]);
    // The backstory as its owner reads it: whole once paid, the free part otherwise.
    expect(unpaid.backstoryTruncated).toBe(true);
    expect(unpaid.backstory).toBe(`${stories[0].backstory.slice(0, BACKSTORY_PREVIEW_LENGTH).trimEnd()}...`);
    expect(paid.backstoryTruncated).toBe(false);

    const [storybook] = json('storybooks.json');
    expect(storybook).toMatchObject({ heroId: paidId, isPremium: true });
    // Only chapters the owner can read on screen (more may be written meanwhile): never a locked one.
    const after = (await stack.api('GET', `/api/heroes/${paidId}/storybook`, { token })).json;
    expect(storybook.chapters[0]).toMatchObject({ chapterNumber: 1, title: view.chapters[0].title });
    for (const chapter of storybook.chapters) {
      const onScreen = after.chapters[chapter.chapterNumber - 1];
      expect(onScreen).toMatchObject({ unlocked: true, title: chapter.title, content: chapter.content });
    }
    for (const chapter of storybook.chapters) {
      expect(chapter.chapterNumber).toBeLessThanOrEqual(storybook.chaptersUnlockedCount);
      if (chapter.illustration) {
        expect(chapter.illustration.quality).toBe('full');
        expect(files.has(chapter.illustration.file)).toBe(true);
      }
    }
    expect(json('shares.json')).toEqual([expect.objectContaining({ id: share.json.id, heroId: paidId })]);
    expect(json('room-messages.json')).toEqual([
      expect.objectContaining({
        roomId,
        heroId: paidId,
        content: 'Hello from my hero',
        sentAt: expect.any(String),
      }),
    ]);
    expect(json('room-messages.json')[0].roomTitle).toEqual(expect.any(String));
    expect(json('payments.json')).toEqual([
      expect.objectContaining({
        heroId: paidId,
        paymentType: 'premium_upgrade',
        amount: 399,
        currency: 'usd',
        status: 'succeeded',
        createdAt: expect.any(String),
        succeededAt: expect.any(String),
      }),
    ]);

    // Every text of the zip (the pictures are PNG bytes, where short strings turn up by chance).
    const everything = [...files]
      .filter(([path]) => !path.startsWith('media/'))
      .map(([, bytes]) => bytes.toString('utf8'))
      .join('\n');
    for (const secret of [clientSecret, CARD_NUMBER, CARD_NUMBER.replaceAll(' ', ''), 'clientSecret', 'cvc'])
      expect(everything).not.toContain(secret);
    for (const theirs of [otherUser.id, otherUser.email, other.heroId, 'A stranger speaks'])
      expect(everything).not.toContain(theirs);
  }, 120_000);

  it('gives a new account its empty lists, and counts exports per user (429 with Retry-After)', async () => {
    const { token } = await stack.newUser();
    const { files, json } = await download(token);
    expect([...files.keys()].filter((path) => path.startsWith('media/'))).toEqual([]);
    for (const path of [
      'heroes.json',
      'storybooks.json',
      'shares.json',
      'room-messages.json',
      'payments.json',
    ])
      expect(json(path)).toEqual([]);
    await download(token);
    await download(token);
    const refused = await stack.api('GET', '/api/user/export', { token });
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ error: expect.stringMatching(/too many times/) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another user has an allowance of their own.
    await download((await stack.newUser()).token);
  }, 60_000);

  it('refuses a visitor', async () => {
    const response = await stack.api('GET', '/api/user/export');
    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it('each service refuses an export command without a valid user id', async () => {
    for (const name of [
      'auth.export-user',
      'heroes.export-user',
      'storybook.export-user',
      'rooms.export-user',
      'payments.export-user',
    ] as const) {
      const refusal = await stack.bus
        .request(name, { userId: 'not-a-user' })
        .catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(RemoteError);
      expect((refusal as RemoteError).status).toBeLessThan(500);
    }
  });
});
