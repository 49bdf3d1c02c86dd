/**
 * Stories from hero.completed and premium payments (either order), chapter writing ahead of the reader,
 * and what storybook.get shows, on the real PostgreSQL and Redis.
 */
import {
  chapterGenerationJobId,
  JobQueues,
  PREMIUM_STORY_CHAPTERS,
  STORYBOOK_NOT_FOUND,
} from '@starborn/contracts';
import { createRedisConnection } from '@starborn/messaging';
import { eventually, TEST_REDIS_URL } from '@starborn/testing';
import { Queue } from 'bullmq';
import { ChapterWritingService } from './chapters/chapter-writing.service.js';
import { ReconciliationService } from './releases/reconciliation.service.js';
import { StorybooksService } from './storybooks/storybooks.service.js';
import { DAY, errorOf, releaseClockStart, StorybookHarness } from './__tests__/harness.js';

const t = StorybookHarness.forFile();
beforeEach(() => {
  t.writer.mode = 'write';
  t.writer.modeFor.clear();
});

/** `fields` as storybook.get names them: under each camelCase name and again in snake_case. */
const inBothCases = (fields: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(fields).flatMap(([name, value]) => [
      [name, value],
      [name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`), value],
    ]),
  );

/** A new story whose first chapter the writer was asked for and sits on. */
async function storyWithChapterOneHeld() {
  t.writer.mode = 'hold';
  const hero = t.newHero();
  await t.completeHero(hero);
  const story = await t.storyWhen(hero.heroId, () => true);
  await eventually(() => t.writer.asked(story.id).length === 1);
  return { hero, story };
}

describe('a story is created on hero.completed', () => {
  it('unlocks chapter 1, asks the writer for it, and starts the clock when it arrives', async () => {
    const hero = t.newHero();
    const completedAt = t.clock.now();
    await t.completeHero(hero);
    const story = await t.storyWhen(hero.heroId, (s) => s.initial_chapter_generated_at !== null);
    expect(story).toMatchObject({
      user_id: hero.userId,
      hero_name: 'Lyra Vale',
      is_premium: false,
      chapters_total_count: 1,
      chapters_unlocked_count: 1,
      next_release_at: null,
    });
    expect(story.initial_chapter_generated_at).toEqual(completedAt);
    expect(t.writer.asked(story.id)).toEqual([
      {
        storyBookId: story.id,
        heroId: hero.heroId,
        chapterNumber: 1,
        chaptersTotalCount: 1,
        previousChapter: null,
        attempt: 1,
      },
    ]);

    // The same event again changes nothing and asks for nothing.
    t.clock.advance(60_000);
    await t.bus.emitEvent(
      'hero.completed',
      {
        heroId: hero.heroId,
        userId: hero.userId,
        heroName: 'Other',
        paymentStatus: 'unpaid',
        completedAt: '',
      },
      { eventId: `again.${hero.heroId}` },
    );
    await eventually(
      async () =>
        (await t.db.query(`SELECT 1 FROM storybook.storybooks WHERE hero_id = $1`, [hero.heroId]))
          .rowCount === 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await t.story(hero.heroId)).toMatchObject({ hero_name: 'Lyra Vale', chapters_unlocked_count: 1 });
    expect(t.writer.asked(story.id)).toHaveLength(1);
  });

  it('answers storybook.get with snake_case and camelCase fields, content only on unlocked chapters', async () => {
    const { heroId, userId, story } = await t.startedStory({ premium: true });
    await t.chaptersReady(story.id, 7);
    const view = await t.bus.request('storybook.get', { userId, heroId });
    const initial = story.initial_chapter_generated_at!.toISOString();
    const next = new Date(releaseClockStart(story) + DAY).toISOString();
    expect(view.storyBook).toEqual(
      inBothCases({
        id: story.id,
        heroId,
        isPremium: true,
        chaptersTotalCount: 10,
        chaptersUnlockedCount: 4,
        initialChapterGeneratedAt: initial,
        nextUnlockAt: next,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      }),
    );
    expect(view.storyBook.created_at).toBe(view.storyBook.createdAt);
    expect(view.storyBook.updated_at).toBe(view.storyBook.updatedAt);
    expect(view.chapters.map((c) => c.chapterNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const chapter of view.chapters) {
      expect(chapter.chapter_number).toBe(chapter.chapterNumber);
      if (chapter.chapterNumber <= 4) {
        expect(chapter).toMatchObject({
          unlocked: true,
          status: 'ready',
          title: `Chapter ${chapter.chapterNumber}`,
        });
        expect(chapter.content).toContain(`# Chapter ${chapter.chapterNumber}`);
      } else {
        // Written ahead (5–7) or not yet asked (8–10): either way nothing readable leaves the server.
        expect(chapter).toMatchObject({ unlocked: false, title: null, content: null });
        expect(chapter.status).toBe(chapter.chapterNumber <= 7 ? 'ready' : 'pending');
      }
    }
  });
});

describe('premium promotion', () => {
  it('gives 10 chapters with 4 unlocked when the payment comes after hero.completed', async () => {
    const { heroId, story } = await t.startedStory();
    expect(story).toMatchObject({ chapters_unlocked_count: 1, chapters_total_count: 1 });
    const payment = await t.pay({ heroId, userId: story.user_id }, 'premium_upgrade');
    const promoted = await t.storyWhen(heroId, (s) => s.is_premium);
    expect(promoted).toMatchObject({ chapters_total_count: 10, chapters_unlocked_count: 4 });
    // Chapters 2–4 come with the upgrade; the daily releases start with chapter 5, a day after it.
    expect(promoted.premium_at).toEqual(t.clock.now());
    expect(promoted.next_release_at).toEqual(new Date(t.clock.now().getTime() + DAY));

    // Written ahead: 1 … 7, in order, each from the chapter before; 8 waits for a release.
    await t.chaptersReady(story.id, 7);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const asked = t.writer.asked(story.id);
    expect(asked.map((job) => job.chapterNumber)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const job of asked.slice(1)) {
      expect(job.previousChapter).toEqual({
        chapterNumber: job.chapterNumber - 1,
        title: `Chapter ${job.chapterNumber - 1}`,
        summary: `Summary of chapter ${job.chapterNumber - 1}`,
      });
      expect(job.chaptersTotalCount).toBe(PREMIUM_STORY_CHAPTERS);
    }

    // The event delivered again (same payment, or another one) applies nothing more.
    await t.get(StorybooksService).promote({
      paymentIntentId: payment,
      userId: story.user_id,
      heroId,
      paymentType: 'premium_upgrade',
      amount: 399,
      currency: 'usd',
    });
    expect(await t.story(heroId)).toMatchObject({ chapters_total_count: 10, chapters_unlocked_count: 4 });
  });

  it('ends the same when the payment comes before hero.completed', async () => {
    const hero = t.newHero();
    await t.pay(hero, 'premium_upgrade');
    const early = await t.storyWhen(hero.heroId, (s) => s.is_premium);
    expect(early).toMatchObject({
      started_at: null,
      chapters_total_count: 10,
      chapters_unlocked_count: 0,
      next_release_at: null,
    });
    // Nobody's story yet: not shown, nothing written.
    expect(await errorOf(t.bus.request('storybook.get', hero))).toMatchObject({ status: 404 });
    expect(t.writer.asked(early.id)).toHaveLength(0);

    await t.completeHero(hero);
    const story = await t.storyWhen(hero.heroId, (s) => s.initial_chapter_generated_at !== null);
    expect(story).toMatchObject({ is_premium: true, chapters_total_count: 10, chapters_unlocked_count: 4 });
    // Paid before chapter 1 was written: the daily clock starts with chapter 1.
    expect(story.next_release_at).toEqual(new Date(story.initial_chapter_generated_at!.getTime() + DAY));
    await t.chaptersReady(story.id, 7);
    expect((await t.bus.request('storybook.get', hero)).storyBook.chaptersUnlockedCount).toBe(4);
  });

  it('starts the daily releases at the upgrade when it comes days after chapter 1', async () => {
    const { heroId, story } = await t.startedStory();
    t.clock.advance(5 * DAY + 3_600_000);
    const upgradedAt = t.clock.now();
    await t.pay({ heroId, userId: story.user_id }, 'premium_upgrade');
    const promoted = await t.storyWhen(heroId, (s) => s.is_premium);
    // Not days of releases at once, nor days to wait: 4 chapters now, the fifth a day later.
    expect(promoted).toMatchObject({ chapters_unlocked_count: 4, chapters_unlocked_early: 3 });
    expect(promoted.next_release_at).toEqual(new Date(upgradedAt.getTime() + DAY));
  });

  it('treats a hero that is already paid at completion as premium', async () => {
    const hero = t.newHero();
    await t.completeHero(hero, 'paid');
    const story = await t.storyWhen(hero.heroId, (s) => s.initial_chapter_generated_at !== null);
    expect(story).toMatchObject({ is_premium: true, chapters_total_count: 10, chapters_unlocked_count: 4 });
  });

  it('ignores a payment for a hero whose story belongs to another user', async () => {
    const { heroId, story } = await t.startedStory();
    await t.get(StorybooksService).promote({
      paymentIntentId: 'pi_other',
      userId: '99999999-9999-4999-8999-999999999999',
      heroId,
      paymentType: 'premium_upgrade',
      amount: 399,
      currency: 'usd',
    });
    expect(await t.story(heroId)).toMatchObject({ id: story.id, is_premium: false, user_id: story.user_id });
  });
});

describe('chapter writing', () => {
  it('marks a failed chapter in error and asks again with the next attempt at the next sweep', async () => {
    t.writer.modeFor.set(2, 'fail');
    const { heroId, story } = await t.startedStory({ premium: true });
    await eventually(async () => (await t.chapters(story.id)).some((c) => c.status === 'error'));
    expect((await t.chapters(story.id)).map((c) => [c.chapter_number, c.status, c.attempt])).toEqual([
      [1, 'ready', 1],
      [2, 'error', 1],
    ]);
    const view = await t.bus.request('storybook.get', { userId: story.user_id, heroId });
    expect(view.chapters[1]).toMatchObject({ unlocked: true, status: 'error', content: null });

    // The quota is back.
    t.writer.modeFor.clear();
    await t.get(ReconciliationService).run();
    await t.chaptersReady(story.id, 7);
    const chapters = await t.chapters(story.id);
    expect(chapters[1]).toMatchObject({ chapter_number: 2, status: 'ready', attempt: 2 });
    expect(
      t.writer
        .asked(story.id)
        .filter((job) => job.chapterNumber === 2)
        .map((job) => job.attempt),
    ).toEqual([1, 2]);
  });

  it('keeps the story plan with the storybook and hands the writer of each chapter the plan and every chapter before', async () => {
    const { story } = await t.startedStory({ premium: true });
    await t.chaptersReady(story.id, 4);
    const contexts = t.writer.contexts
      .filter(({ job }) => job.storyBookId === story.id)
      .sort((a, b) => a.job.chapterNumber - b.job.chapterNumber)
      .slice(0, 4);
    // Chapter 1 starts without a plan; each later chapter gets the plan its predecessor left.
    expect(contexts.map(({ context }) => context.storyPlan?.chaptersPlanned ?? null)).toEqual([
      null,
      1,
      2,
      3,
    ]);
    expect(contexts[3]!.context.previousChapters).toEqual(
      [1, 2, 3].map((n) => ({
        chapterNumber: n,
        title: `Chapter ${n}`,
        summary: `Summary of chapter ${n}`,
      })),
    );
    const { rows } = await t.db.query(
      `SELECT c.chapter_number, c.scene FROM storybook.chapters c WHERE c.storybook_id = $1 ORDER BY 1`,
      [story.id],
    );
    expect(rows[2]).toEqual({
      chapter_number: 3,
      scene: { place: 'Place 3', landscape: 'forest', companions: ['Wren'] },
    });

    // Asked about a storybook that does not exist: 404; about nothing valid: 400.
    const missing = { storyBookId: '00000000-0000-4000-8000-000000000000', chapterNumber: 1 };
    expect(await errorOf(t.bus.request('storybook.story-context', missing))).toMatchObject({
      status: 404,
      message: STORYBOOK_NOT_FOUND,
    });
    expect(
      await errorOf(t.bus.request('storybook.story-context', { storyBookId: 'x', chapterNumber: 0 })),
    ).toMatchObject({ status: 400 });
  });

  it('applies a result once, and only for the current attempt', async () => {
    const { story } = await t.startedStory();
    const writing = t.get(ChapterWritingService);
    const base = { storyBookId: story.id, chapterNumber: 1, summary: 's', provider: 'x' };
    await writing.applyGenerated({ ...base, attempt: 1, title: 'Replaced?', content: 'no' });
    await writing.applyGenerated({ ...base, attempt: 7, title: 'Stale', content: 'no' });
    await writing.applyFailed({
      storyBookId: story.id,
      chapterNumber: 1,
      attempt: 1,
      reason: 'x',
      quotaExceeded: false,
    });
    const [chapter] = await t.chapters(story.id);
    expect(chapter).toMatchObject({ status: 'ready', attempt: 1, title: 'Chapter 1' });
    expect(await t.story(story.hero_id)).toMatchObject({
      initial_chapter_generated_at: story.initial_chapter_generated_at,
    });
  });

  it('adds the job again when Redis lost it, once the chapter has waited long enough', async () => {
    const { hero, story } = await storyWithChapterOneHeld();
    // The job is gone (a Redis flush, an eviction): nothing will ever answer for chapter 1.
    const connection = createRedisConnection({ url: TEST_REDIS_URL, prefix: t.prefix }, 'test:chapters');
    const queue = new Queue(JobQueues.chapterGeneration.name, { connection, prefix: t.prefix });
    await queue.remove(chapterGenerationJobId(t.writer.asked(story.id)[0]!));
    expect(await queue.getJobState(chapterGenerationJobId(t.writer.asked(story.id)[0]!))).toBe('unknown');
    await queue.close();
    await connection.quit();

    t.writer.mode = 'write';
    await t.get(ReconciliationService).run();
    expect(t.writer.asked(story.id)).toHaveLength(1); // not stale yet
    t.clock.advance(11 * 60_000);
    await t.get(ReconciliationService).run();
    await t.storyWhen(hero.heroId, (s) => s.initial_chapter_generated_at !== null);
    expect(t.writer.asked(story.id).map((job) => job.attempt)).toEqual([1, 1]);
  });
  it('asks again with the next attempt when the job ended but its result never came', async () => {
    const { hero, story } = await storyWithChapterOneHeld();
    t.writer.mode = 'write';
    t.clock.advance(11 * 60_000);
    await t.get(ReconciliationService).run();
    await t.storyWhen(hero.heroId, (s) => s.initial_chapter_generated_at !== null);
    expect(t.writer.asked(story.id).map((job) => job.attempt)).toEqual([1, 2]);
    expect((await t.chapters(story.id))[0]).toMatchObject({ status: 'ready', attempt: 2 });
  });
});

describe('storybook.get: owner only, validated', () => {
  it("answers 404 for another user's story and for a hero without one", async () => {
    const { heroId } = await t.startedStory();
    const stranger = t.newHero();
    expect(await errorOf(t.bus.request('storybook.get', { userId: stranger.userId, heroId }))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: STORYBOOK_NOT_FOUND,
    });
    expect(await errorOf(t.bus.request('storybook.get', stranger))).toMatchObject({ status: 404 });
  });

  it.each([
    [{ heroId: 'xyz' }, 'The hero id must be 32 lowercase hexadecimal characters.'],
    [{ heroId: 'A'.repeat(32) }, 'The hero id must be 32 lowercase hexadecimal characters.'],
    [{ heroId: 42 }, 'The hero id must be 32 lowercase hexadecimal characters.'],
    [{ userId: 'nobody' }, 'A valid user id is required.'],
  ])('answers 400 for %j', async (override, message) => {
    const query = { ...t.newHero(), ...override } as never;
    expect(await errorOf(t.bus.request('storybook.get', query))).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message,
    });
  });
});

describe('the schema', () => {
  it('keeps its tables in its own schema and reports healthy', async () => {
    const { rows } = await t.db.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'storybook' ORDER BY 1`,
    );
    expect(rows.map((row) => row.table_name)).toEqual([
      'chapter_credits',
      'chapters',
      'migrations',
      'storybooks',
    ]);
    await expect(t.bus.request('storybook.health', {})).resolves.toMatchObject({
      status: 'ok',
      database: 'ok',
    });
  });
});
