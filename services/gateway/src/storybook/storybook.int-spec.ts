import {
  CHAPTER_PACK_COUNT_INVALID,
  CHAPTER_PACK_PAYMENT_REQUIRED,
  STORY_FULLY_UNLOCKED,
  STORYBOOK_NOT_FOUND,
} from '@starborn/contracts';
import { NO_STORYBOOK_YET_MESSAGE, PaymentsModule } from '@starborn/payments';
import { StorybookModule } from '@starborn/storybook';
import { eventually } from '@starborn/testing';
import { startStack, type TestStack } from '../__tests__/stack.js';
import { STORYBOOK_PENDING_MESSAGE } from './storybook.controller.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack('gwstory', { services: { payments: PaymentsModule, storybook: StorybookModule } });
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

const api: TestStack['api'] = (method, path, options) => stack.api(method, path, options);
const newHeroId = () => crypto.randomUUID().replaceAll('-', '');
const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };

/** The hero's storybook once it exists (it is made a moment after the hero completes). */
async function storyOf(token: string, heroId: string, ready: (view: any) => boolean = () => true) {
  return eventually(async () => {
    const response = await api('GET', `/api/heroes/${heroId}/storybook`, { token });
    return response.status === 200 && ready(response.json) ? response.json : undefined;
  }, 15_000);
}

/** Pays with the local test card; answers once the payment succeeded. */
async function pay(token: string, heroId: string, paymentType: 'premium_upgrade' | 'chapters') {
  const intent = await api('POST', '/api/create-payment-intent', {
    token,
    body: { heroId, paymentType, unlockChapters: paymentType === 'chapters', amount: 499, currency: 'usd' },
  });
  expect(intent.status).toBe(200);
  const confirmed = await api('POST', '/api/payments/local/confirm', {
    token,
    body: { clientSecret: intent.json.clientSecret, card },
  });
  expect(confirmed.json).toMatchObject({ status: 'succeeded' });
  return intent.json;
}

/** A generated hero made premium through a real card payment, with its premium story. */
async function premiumHero() {
  const { token, heroId } = await stack.newHero({ paid: false });
  await pay(token, heroId, 'premium_upgrade');
  expect((await api('POST', `/api/heroes/setpremium/${heroId}`, { token })).status).toBe(200);
  const view = await storyOf(token, heroId, (v) => v.storyBook.isPremium === true);
  return { token, heroId, view };
}

const unlockedCount = (view: any) => view.chapters.filter((chapter: any) => chapter.unlocked).length;

describe('GET /api/heroes/{heroId}/storybook', () => {
  it("answers the owner's storybook: an unpaid hero's story has its first chapter unlocked", async () => {
    const { token, heroId } = await stack.newHero({ paid: false });
    const view = await storyOf(token, heroId);
    const story = view.storyBook;
    expect(story).toMatchObject({
      heroId,
      hero_id: heroId,
      isPremium: false,
      is_premium: false,
      chaptersTotalCount: 1,
      chapters_total_count: 1,
      chaptersUnlockedCount: 1,
      chapters_unlocked_count: 1,
      nextUnlockAt: null,
      next_unlock_at: null,
    });
    expect(story.id).toMatch(/^[0-9a-f-]{36}$/);
    for (const [camel, snake] of [
      ['createdAt', 'created_at'],
      ['updatedAt', 'updated_at'],
      ['initialChapterGeneratedAt', 'initial_chapter_generated_at'],
    ]) {
      expect(story[camel]).toBe(story[snake]);
    }
    expect(view.chapters).toEqual([
      expect.objectContaining({ chapterNumber: 1, chapter_number: 1, unlocked: true }),
    ]);
    expect(['pending', 'generating', 'ready', 'error']).toContain(view.chapters[0].status);
  });

  it('answers 202 without a storybook while the owner’s hero has none yet', async () => {
    const { token } = await stack.newUser();
    const heroId = newHeroId();
    const created = await api('POST', '/api/heroes', {
      token,
      body: { heroName: 'Not Yet', birthdate: '1990-07-25', heroId },
    });
    expect(created.status).toBe(201);
    const pending = await api('GET', `/api/heroes/${heroId}/storybook`, { token });
    expect(pending.status).toBe(202);
    expect(pending.json).toEqual({ storyBook: null, chapters: [], message: STORYBOOK_PENDING_MESSAGE });

    const stranger = await stack.newUser();
    const foreign = await api('GET', `/api/heroes/${heroId}/storybook`, { token: stranger.token });
    expect(foreign.status).toBe(404);
  });

  it('answers 404 to another user and for nonsense ids, 401 without login', async () => {
    const { token, heroId } = await stack.newHero({ paid: false });
    await storyOf(token, heroId);
    const stranger = await stack.newUser();
    for (const id of [heroId, newHeroId(), 'nonsense', `preview-${heroId}`]) {
      const response = await api('GET', `/api/heroes/${id}/storybook`, { token: stranger.token });
      expect(response.status).toBe(404);
      expect(response.json).toMatchObject({ code: 'NOT_FOUND', message: STORYBOOK_NOT_FOUND });
    }
    const visitor = await api('GET', `/api/heroes/${heroId}/storybook`);
    expect(visitor.status).toBe(401);
  });
});

describe('POST /api/storybook/{storyBookId} and /api/storybook/{heroId}/unlock-after-payment', () => {
  it('need a login, and find nothing of another user', async () => {
    const { token, heroId } = await stack.newHero({ paid: false });
    const { storyBook } = await storyOf(token, heroId);
    expect((await api('POST', `/api/storybook/${storyBook.id}`, { body: { count: 3 } })).status).toBe(401);
    expect((await api('POST', `/api/storybook/${heroId}/unlock-after-payment`)).status).toBe(401);

    const stranger = await stack.newUser();
    for (const id of [storyBook.id, 'nonsense', crypto.randomUUID()]) {
      const response = await api('POST', `/api/storybook/${id}`, {
        token: stranger.token,
        body: { count: 3 },
      });
      expect(response.status).toBe(404);
      expect(response.json.message).toBe(STORYBOOK_NOT_FOUND);
    }
    for (const id of [heroId, 'nonsense']) {
      const response = await api('POST', `/api/storybook/${id}/unlock-after-payment`, {
        token: stranger.token,
      });
      expect(response.status).toBe(404);
      expect(response.json.message).toBe(STORYBOOK_NOT_FOUND);
    }
  });

  it('take chapters 3 at a time only', async () => {
    const { token, heroId } = await stack.newHero({ paid: false });
    const { storyBook } = await storyOf(token, heroId);
    for (const body of [{ count: 2 }, { count: 4 }, { count: '3' }, { count: 3.5 }, { count: null }, {}]) {
      const response = await api('POST', `/api/storybook/${storyBook.id}`, { token, body });
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ code: 'VALIDATION_FAILED', message: CHAPTER_PACK_COUNT_INVALID });
    }
    const noBody = await api('POST', `/api/storybook/${storyBook.id}`, { token });
    expect(noBody.status).toBe(400);
    expect(noBody.json.message).toBe(CHAPTER_PACK_COUNT_INVALID);
  });

  it('refuse an unlock nobody paid for (402)', async () => {
    const { token, heroId } = await stack.newHero({ paid: false });
    const { storyBook } = await storyOf(token, heroId);
    const unlock = await api('POST', `/api/storybook/${storyBook.id}`, { token, body: { count: 3 } });
    expect(unlock.status).toBe(402);
    expect(unlock.json).toMatchObject({ code: 'PAYMENT_REQUIRED', message: CHAPTER_PACK_PAYMENT_REQUIRED });
    const afterPayment = await api('POST', `/api/storybook/${heroId}/unlock-after-payment`, { token });
    expect(afterPayment.status).toBe(402);
    expect(afterPayment.json.message).toBe(CHAPTER_PACK_PAYMENT_REQUIRED);
    expect((await storyOf(token, heroId)).storyBook.chaptersUnlockedCount).toBe(1);
  });

  it('unlock 3 chapters per paid pack, once each, until the premium story is whole', async () => {
    const { token, heroId, view } = await premiumHero();
    expect(view.storyBook).toMatchObject({
      isPremium: true,
      chaptersTotalCount: 10,
      chaptersUnlockedCount: 4,
    });
    expect(view.chapters).toHaveLength(10);
    expect(unlockedCount(view)).toBe(4);
    for (const chapter of view.chapters.filter((c: any) => !c.unlocked)) {
      expect(chapter).toMatchObject({ title: null, content: null });
    }

    // A premium pack is priced for a premium story.
    const intent = await pay(token, heroId, 'chapters');
    expect(intent).toMatchObject({ paymentType: 'chapters', amount: 399 });
    const unlocked = await api('POST', `/api/storybook/${heroId}/unlock-after-payment`, { token });
    expect(unlocked.status).toBe(200);
    expect(unlocked.json.storyBook).toMatchObject({ chaptersUnlockedCount: 7, chapters_unlocked_count: 7 });
    expect(unlockedCount(unlocked.json)).toBe(7);
    const again = await api('POST', `/api/storybook/${heroId}/unlock-after-payment`, { token });
    expect(again.status).toBe(402);
    expect(again.json.message).toBe(CHAPTER_PACK_PAYMENT_REQUIRED);
    expect((await storyOf(token, heroId)).storyBook.chaptersUnlockedCount).toBe(7);

    // The next pack through the storybook id: the last 3 chapters.
    await pay(token, heroId, 'chapters');
    const storyBookId = view.storyBook.id;
    const byId = await api('POST', `/api/storybook/${storyBookId}`, { token, body: { count: 3 } });
    expect(byId.status).toBe(200);
    expect(byId.json.storyBook).toMatchObject({ chaptersUnlockedCount: 10, nextUnlockAt: null });

    // Nothing left to sell.
    const full = await api('POST', '/api/create-payment-intent', {
      token,
      body: { heroId, unlockChapters: true },
    });
    expect(full.status).toBe(409);
    expect(full.json).toMatchObject({ code: 'CONFLICT', message: STORY_FULLY_UNLOCKED });
  });
});

describe('POST /api/storybook/{storyBookId}/unlock (the same operation, as older clients name it)', () => {
  const both = (id: string) => [`/api/storybook/${id}`, `/api/storybook/${id}/unlock`];
  /** Status and body of the same call under both paths. */
  const under = async (id: string, options: { token?: string; body?: unknown }) =>
    Promise.all(
      both(id).map(async (path) => {
        const { status, json } = await api('POST', path, options);
        return { status, json };
      }),
    );

  it('has the same guard and validation, and answers the same refusals', async () => {
    const { token, heroId } = await stack.newHero({ paid: false });
    const { storyBook } = await storyOf(token, heroId);
    const stranger = await stack.newUser();
    const cases: [string, { token?: string; body?: unknown }, number, string | undefined][] = [
      [storyBook.id, { body: { count: 3 } }, 401, undefined],
      [storyBook.id, { token: stranger.token, body: { count: 3 } }, 404, STORYBOOK_NOT_FOUND],
      [crypto.randomUUID(), { token, body: { count: 3 } }, 404, STORYBOOK_NOT_FOUND],
      ['nonsense', { token, body: { count: 3 } }, 404, STORYBOOK_NOT_FOUND],
      [storyBook.id, { token, body: { count: 2 } }, 400, CHAPTER_PACK_COUNT_INVALID],
      [storyBook.id, { token, body: { count: '3' } }, 400, CHAPTER_PACK_COUNT_INVALID],
      [storyBook.id, { token }, 400, CHAPTER_PACK_COUNT_INVALID],
      [storyBook.id, { token, body: { count: 3 } }, 402, CHAPTER_PACK_PAYMENT_REQUIRED],
    ];
    for (const [id, options, status, message] of cases) {
      const [direct, named] = await under(id, options);
      expect(named.status).toBe(status);
      if (message) expect(named.json.message).toBe(message);
      expect(named).toEqual(direct);
    }
    expect((await storyOf(token, heroId)).storyBook.chaptersUnlockedCount).toBe(1);
  });

  it('unlocks a paid pack, once', async () => {
    const { token, heroId, view } = await premiumHero();
    await pay(token, heroId, 'chapters');
    const unlocked = await api('POST', `/api/storybook/${view.storyBook.id}/unlock`, {
      token,
      body: { count: 3 },
    });
    expect(unlocked.status).toBe(200);
    expect(unlocked.json.storyBook).toMatchObject({ chaptersUnlockedCount: 7 });
    expect(unlockedCount(unlocked.json)).toBe(7);
    const [direct, named] = await under(view.storyBook.id, { token, body: { count: 3 } });
    expect(named).toEqual(direct);
    expect(named.status).toBe(402);
  });

  it('is documented as the same operation', async () => {
    const { paths } = (await api('GET', '/api/docs/json')).json;
    const direct = paths['/api/storybook/{storyBookId}'].post;
    const named = paths['/api/storybook/{storyBookId}/unlock']?.post;
    expect(named).toBeDefined();
    expect(named.requestBody).toEqual(direct.requestBody);
    expect(named.responses).toEqual(direct.responses);
    expect(named.parameters).toEqual(direct.parameters);
    expect(named.security).toEqual(direct.security);
  });
});

describe('POST /api/create-payment-intent for chapters', () => {
  it('sells a pack of a story that is not premium at its own price', async () => {
    const { token, heroId } = await stack.newHero({ paid: false });
    await storyOf(token, heroId);
    const intent = await api('POST', '/api/create-payment-intent', {
      token,
      body: { heroId, paymentType: 'chapters' },
    });
    expect(intent.status).toBe(200);
    expect(intent.json).toMatchObject({ paymentType: 'chapters', amount: 199 });
  });

  it('refuses (409) while the hero has no storybook, and 404s a stranger first', async () => {
    const { token } = await stack.newUser();
    const heroId = newHeroId();
    expect(
      (
        await api('POST', '/api/heroes', {
          token,
          body: { heroName: 'No Story', birthdate: '1990-07-25', heroId },
        })
      ).status,
    ).toBe(201);
    const refused = await api('POST', '/api/create-payment-intent', {
      token,
      body: { heroId, unlockChapters: true },
    });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'CONFLICT', message: NO_STORYBOOK_YET_MESSAGE });
    // The premium upgrade is not concerned.
    const premium = await api('POST', '/api/create-payment-intent', { token, body: { heroId } });
    expect(premium.status).toBe(200);

    const stranger = await stack.newUser();
    const foreign = await api('POST', '/api/create-payment-intent', {
      token: stranger.token,
      body: { heroId, unlockChapters: true },
    });
    expect(foreign.status).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the storybook routes', async () => {
    const doc = await api('GET', '/api/docs/json');
    expect(Object.keys(doc.json.paths)).toEqual(
      expect.arrayContaining([
        '/api/heroes/{heroId}/storybook',
        '/api/storybook/{storyBookId}',
        '/api/storybook/{heroId}/unlock-after-payment',
      ]),
    );
    const get = doc.json.paths['/api/heroes/{heroId}/storybook'].get;
    expect(Object.keys(get.responses)).toEqual(expect.arrayContaining(['200', '202', '401', '404']));
    const unlock = doc.json.paths['/api/storybook/{storyBookId}'].post;
    expect(unlock.requestBody).toBeDefined();
    expect(Object.keys(unlock.responses)).toEqual(
      expect.arrayContaining(['200', '400', '402', '404', '409']),
    );
    expect(doc.json.components.schemas.StoryBookViewResponse).toBeDefined();
  });
});
