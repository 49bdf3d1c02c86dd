/**
 * Recreating a premium hero's art through the gateway, with auth, heroes and generation (the local AI
 * provider) on the real PostgreSQL and Redis: who may ask, the limit of three, a failed recreation that
 * uses none up, every version stored apart and listed, the chosen version shown on the hero page, the
 * share page, the book's cover and in the export, and every version's files gone with the account.
 */
import { ART_RECREATIONS_MAX, JobQueues } from '@starborn/contracts';
import { createRedisConnection } from '@starborn/messaging';
import { eventually } from '@starborn/testing';
import { Queue } from 'bullmq';
import { startStack, type TestStack } from '../__tests__/stack.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack('hero-art');
}, 60_000);

afterAll(() => stack?.close());

type Version = {
  version: number;
  status: string;
  current: boolean;
  images: { url: string; angle: string }[];
};

const recreate = (heroId: string, token?: string) =>
  stack.api('POST', `/api/heroes/${heroId}/art/recreate`, { token });
const versionsOf = async (heroId: string, token: string) => {
  const answer = await stack.api('GET', `/api/heroes/${heroId}/art/versions`, { token });
  expect(answer.status).toBe(200);
  return answer.json as { versions: Version[]; recreationsLeft: number };
};
const choose = (heroId: string, token: string, version: unknown) =>
  stack.api('PUT', `/api/heroes/${heroId}/art/current`, { token, body: { version } });
/** The version's listing once it is ready (the job runs in the background). */
const readyVersion = (heroId: string, token: string, version: number) =>
  eventually(async () => {
    const found = (await versionsOf(heroId, token)).versions.find((v) => v.version === version);
    return found?.status === 'ready' ? found : undefined;
  }, 20_000);
/** The storage key a signed /media URL names, without its extension. */
const keyOf = (url: string) =>
  new URL(url, 'http://x').pathname.replace(/^\/media\//, '').replace(/\.png$/, '');
const frontKey = (images: { url: string; angle: string }[]) =>
  keyOf(images.find((image) => image.angle === 'front')!.url);

describe('recreating a hero’s art', () => {
  it('is for the owner of a premium hero only', async () => {
    const premium = await stack.newHero({ paid: true });
    const unpaid = await stack.newHero({ paid: false });

    expect((await recreate(premium.heroId)).status).toBe(401);
    expect((await stack.api('GET', `/api/heroes/${premium.heroId}/art/versions`)).status).toBe(401);
    // Another user's hero is "not found", whatever the route.
    expect(await recreate(premium.heroId, unpaid.token)).toMatchObject({
      status: 404,
      json: { message: 'Hero not found.' },
    });
    expect(
      (await stack.api('GET', `/api/heroes/${premium.heroId}/art/versions`, { token: unpaid.token })).status,
    ).toBe(404);
    expect((await choose(premium.heroId, unpaid.token, 0)).status).toBe(404);
    expect((await recreate('0'.repeat(32), premium.token)).status).toBe(404);

    const refused = await recreate(unpaid.heroId, unpaid.token);
    expect(refused).toMatchObject({
      status: 403,
      json: { code: 'PAYMENT_REQUIRED', message: 'Recreating the art is available for premium heroes.' },
    });
    expect(refused.json.error).toEqual(expect.any(String));
    // The hero answer says so too, and nothing was started.
    expect(unpaid.hero).toMatchObject({ artVersion: 0, artRecreationsLeft: 0 });
    expect((await versionsOf(unpaid.heroId, unpaid.token)).versions.map((v) => v.version)).toEqual([0]);
  }, 60_000);

  it('makes up to three versions, each stored apart, and shows the chosen one everywhere', async () => {
    const { token, heroId, hero } = await stack.newHero({ paid: true });
    expect(hero).toMatchObject({ artVersion: 0, artRecreationsLeft: ART_RECREATIONS_MAX });
    const firstFront = frontKey(hero.images);
    expect(firstFront).toBe(`heroes/${heroId}/full/front`);

    const started = await recreate(heroId, token);
    expect(started.status).toBe(202);
    expect(started.json.version).toMatchObject({
      version: 1,
      status: 'generating',
      current: false,
      images: [],
    });
    // One at a time: a second request while it is being made is refused.
    const second = await recreate(heroId, token);
    expect(second).toMatchObject({ status: 409, json: { code: 'CONFLICT' } });
    expect(second.json.message).toMatch(/already being made/);

    const v1 = (await readyVersion(heroId, token, 1))!;
    // The job was a hero generation job carrying its variant.
    const connection = createRedisConnection({ url: stack.env.REDIS_URL!, prefix: stack.prefix }, 'test');
    const jobs = new Queue(JobQueues.heroGeneration.name, { connection, prefix: stack.prefix });
    try {
      const job = await jobs.getJob(`hero.${heroId}.v1.1`);
      expect(job?.data).toEqual({ heroId, attempt: 1, variant: 1 });
    } finally {
      await jobs.close();
      await connection.quit();
    }
    // Its three images live under its own keys; the first art's are untouched.
    expect(v1.images.map((image) => image.angle)).toEqual(['front', 'profile', 'action']);
    for (const image of v1.images) {
      expect(keyOf(image.url)).toBe(`heroes/${heroId}/art/v1/full/${image.angle}`);
      expect(await stack.storage.exists(`${keyOf(image.url)}.png`)).toBe(true);
      expect(await stack.storage.exists(`${keyOf(image.url)}.webp`)).toBe(true);
      const served = await fetch(new URL(image.url, stack.baseUrl));
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      // Read to the end: an unread body keeps its connection busy, and the gateway's close waits for it.
      expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    expect(await stack.storage.exists(`${firstFront}.png`)).toBe(true);

    let listing = await versionsOf(heroId, token);
    expect(listing.versions.map((v) => [v.version, v.status, v.current])).toEqual([
      [0, 'ready', true],
      [1, 'ready', false],
    ]);
    expect(frontKey(listing.versions[0]!.images)).toBe(firstFront);
    expect(listing.recreationsLeft).toBe(2);
    // Until chosen, the hero still shows its first art.
    const before = (await stack.api('GET', `/api/heroes/${heroId}`, { token })).json;
    expect(before).toMatchObject({ artVersion: 0, artRecreationsLeft: 2 });
    expect(frontKey(before.images)).toBe(firstFront);

    // A share link made before choosing: its page and card follow the choice.
    const share = await stack.api('POST', `/api/heroes/${heroId}/share`, { token });
    expect(share.status).toBe(201);
    const shareId: string = share.json.id;
    const cardBefore = (await stack.api('GET', `/api/share/${shareId}`)).json.hero.cardPath as string;

    const chosen = await choose(heroId, token, 1);
    expect(chosen.status).toBe(200);
    expect(chosen.json.hero).toMatchObject({
      id: heroId,
      artVersion: 1,
      artRecreationsLeft: 2,
      status: 'complete',
    });
    expect(chosen.json.hero.images.map((image: { url: string }) => keyOf(image.url))).toEqual(
      ['front', 'profile', 'action'].map((angle) => `heroes/${heroId}/art/v1/full/${angle}`),
    );
    // The hero page, the list, the share page and card, and the book's cover show version 1.
    const page = (await stack.api('GET', `/api/heroes/${heroId}`, { token })).json;
    expect(frontKey(page.images)).toBe(`heroes/${heroId}/art/v1/full/front`);
    const listed = (await stack.api('GET', '/api/user/heroes', { token })).json.heroes[0];
    expect(frontKey(listed.images)).toBe(`heroes/${heroId}/art/v1/full/front`);
    const shared = (await stack.api('GET', `/api/share/${shareId}`)).json.hero;
    expect(frontKey(shared.images)).toBe(`heroes/${heroId}/art/v1/full/front`);
    expect(shared.cardPath).not.toBe(cardBefore);
    const preview = await stack.bus.request('heroes.share-preview', { shareId });
    expect(preview.card.portraitKey).toBe(`heroes/${heroId}/art/v1/full/front.png`);
    const card = await fetch(new URL(shared.cardPath, stack.baseUrl));
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
    expect((await card.arrayBuffer()).byteLength).toBeGreaterThan(0);
    const manifest = await stack.bus.request('heroes.download-manifest', {
      userId: (await me(token)).id,
      heroId,
    });
    expect(manifest.book.coverKey).toBe(`heroes/${heroId}/art/v1/full/front.png`);
    expect(manifest.entries.find((entry) => entry.path === 'front.png')).toMatchObject({
      storageKey: `heroes/${heroId}/art/v1/full/front.png`,
    });
    listing = await versionsOf(heroId, token);
    expect(listing.versions.map((v) => v.current)).toEqual([false, true]);

    // Versions 2 and 3, then no more.
    expect((await recreate(heroId, token)).json.version).toMatchObject({ version: 2, status: 'generating' });
    await readyVersion(heroId, token, 2);
    expect((await recreate(heroId, token)).json.version).toMatchObject({ version: 3, status: 'generating' });
    await readyVersion(heroId, token, 3);
    const spent = await recreate(heroId, token);
    expect(spent).toMatchObject({ status: 409, json: { code: 'CONFLICT' } });
    expect(spent.json.message).toBe(
      "This hero's art has already been recreated 3 times, the most there can be.",
    );
    listing = await versionsOf(heroId, token);
    expect(listing.versions.map((v) => [v.version, v.status])).toEqual([
      [0, 'ready'],
      [1, 'ready'],
      [2, 'ready'],
      [3, 'ready'],
    ]);
    expect(listing.recreationsLeft).toBe(0);
    expect(new Set(listing.versions.map((v) => frontKey(v.images))).size).toBe(4);

    // Back to the first art, which is always there to choose.
    const back = await choose(heroId, token, 0);
    expect(back.json.hero).toMatchObject({ artVersion: 0, artRecreationsLeft: 0 });
    expect(frontKey(back.json.hero.images)).toBe(firstFront);
  }, 120_000);

  it('refuses to show a version that is unknown, not ready or failed, with a clear message', async () => {
    const { token, heroId } = await stack.newHero({ paid: true });
    expect(await choose(heroId, token, 2)).toMatchObject({
      status: 400,
      json: { message: 'This hero has no art version 2.' },
    });
    for (const version of [4, -1, 1.5, 'one', null]) {
      expect(await choose(heroId, token, version)).toMatchObject({
        status: 400,
        json: { message: 'The art version must be a whole number from 0 to 3.' },
      });
    }
    // A recreation still being made (the job's row, as the service writes it before queueing).
    await stack.db.query(
      `INSERT INTO heroes.hero_art_versions (hero_id, version, status) VALUES ($1, 1, 'generating')`,
      [heroId],
    );
    const notReady = await choose(heroId, token, 1);
    expect(notReady.status).toBe(409);
    expect(notReady.json.message).toBe(
      'Art version 1 is still being made. It can be shown once it is ready.',
    );

    // It fails for good: shown as failed, and it uses up no recreation.
    await stack.bus.emitEvent(
      'hero.generation-failed',
      { heroId, attempt: 1, variant: 1, reason: 'the provider refused', quotaExceeded: false },
      { eventId: `${heroId}.v1.1.failed` },
    );
    await eventually(async () => (await versionsOf(heroId, token)).versions[1]?.status === 'failed');
    const listing = await versionsOf(heroId, token);
    expect(listing.versions[1]).toMatchObject({ version: 1, status: 'failed', images: [], current: false });
    expect(listing.recreationsLeft).toBe(3);
    expect((await choose(heroId, token, 1)).json.message).toBe(
      'Art version 1 could not be made, so it cannot be shown.',
    );
    // The next recreation tries version 1 again, as its second attempt, and it is made.
    const again = await recreate(heroId, token);
    expect(again.status).toBe(202);
    expect(again.json.version).toMatchObject({ version: 1, status: 'generating' });
    await readyVersion(heroId, token, 1);
    expect(
      (await stack.db.query(`SELECT attempt FROM heroes.hero_art_versions WHERE hero_id = $1`, [heroId]))
        .rows,
    ).toEqual([{ attempt: 2 }]);
    expect((await versionsOf(heroId, token)).recreationsLeft).toBe(2);
  }, 60_000);

  it('exports every version, and the account’s deletion removes every version’s files', async () => {
    const { token, heroId } = await stack.newHero({ paid: true });
    expect((await recreate(heroId, token)).status).toBe(202);
    await readyVersion(heroId, token, 1);
    expect((await choose(heroId, token, 1)).status).toBe(200);
    const userId = (await me(token)).id;

    const exported = await stack.bus.request('heroes.export-user', { userId });
    const mine = exported.heroes.find((h) => h.id === heroId)!;
    expect(mine.images.map((image) => image.storageKey)).toEqual(
      ['front', 'profile', 'action'].map((angle) => `heroes/${heroId}/art/v1/full/${angle}.png`),
    );
    expect(mine.artVersions?.map((v) => [v.version, v.status, v.current])).toEqual([
      [0, 'ready', false],
      [1, 'ready', true],
    ]);
    expect(mine.artVersions?.[0]?.images.map((image) => image.storageKey)).toEqual(
      ['front', 'profile', 'action'].map((angle) => `heroes/${heroId}/full/${angle}.png`),
    );
    const keys = mine.artVersions!.flatMap((v) => v.images.map((image) => image.storageKey));
    expect(keys).toHaveLength(6);
    for (const key of keys) expect(await stack.storage.exists(key)).toBe(true);

    const deleted = await stack.api('DELETE', '/api/user', { token, body: { password: 'password-123' } });
    expect(deleted.status).toBe(200);
    await eventually(async () => {
      const left = await Promise.all(keys.map((key) => stack.storage.exists(key)));
      return left.every((exists) => !exists);
    }, 15_000);
    // The files go first, then the rows (the deletion's order): wait for both.
    await eventually(async () => {
      const rows = await stack.db.query(
        `SELECT (SELECT count(*) FROM heroes.hero_images WHERE hero_id = $1)
              + (SELECT count(*) FROM heroes.hero_art_versions WHERE hero_id = $1) AS n`,
        [heroId],
      );
      return Number(rows.rows[0].n) === 0;
    }, 15_000);
  }, 60_000);
});

const me = async (token: string) => (await stack.api('GET', '/api/user', { token })).json as { id: string };
