/**
 * Chapter illustrations on the real PostgreSQL and Redis: asked when a chapter is written, stored when
 * drawn and shown by storybook.get (signed links, full or preview), failures asked again by the sweep
 * a bounded number of times, chapters written before illustrations existed illustrated by the sweep
 * without being rewritten, and the book's chapters for the owner of a premium story.
 */
import { DOWNLOAD_FORBIDDEN_MESSAGE, STORYBOOK_NOT_FOUND } from '@starborn/contracts';
import { MediaUrlSigner } from '@starborn/storage';
import { eventually } from '@starborn/testing';
import { ChapterIllustrationService } from './chapters/chapter-illustration.service.js';
import { ReconciliationService } from './releases/reconciliation.service.js';
import { errorOf, FAKE_CAST, MEDIA_URL_TEST_SECRET, StorybookHarness } from './__tests__/harness.js';

const MAX_ATTEMPTS = 2;
const t = StorybookHarness.forFile({ ILLUSTRATION_MAX_ATTEMPTS: String(MAX_ATTEMPTS) });
const signer = new MediaUrlSigner(MEDIA_URL_TEST_SECRET);
/** Past CHAPTER_REQUEUE_AFTER_MS: the sweep looks again at what it waits for. */
const SWEEP_LATER = 11 * 60_000;

beforeEach(() => {
  t.writer.mode = 'write';
  t.writer.modeFor.clear();
  t.illustrator.mode = 'draw';
});

async function illustrationRow(storyBookId: string, chapterNumber: number) {
  const { rows } = await t.db.query(
    `SELECT title, content, summary, generated_at, illustration_attempt, illustration_full_key,
            illustration_preview_key, illustration_width, illustration_height, illustration_alt,
            illustration_failed_at, illustration_failure
     FROM storybook.chapters WHERE storybook_id = $1 AND chapter_number = $2`,
    [storyBookId, chapterNumber],
  );
  return rows[0];
}

const illustrated = (storyBookId: string, chapterNumber: number) =>
  eventually(async () => (await illustrationRow(storyBookId, chapterNumber))?.illustration_full_key, 10_000);

/** The key and signature checks a signed /media link passes, as the gateway checks them. */
function expectSigned(url: string, key: string) {
  const parsed = new URL(url, 'http://gateway');
  expect(parsed.pathname).toBe(`/media/${key}`);
  const exp = parsed.searchParams.get('exp') ?? undefined;
  const sig = parsed.searchParams.get('sig') ?? undefined;
  expect(signer.verify(key, exp, sig, Math.floor(t.clock.now().getTime() / 1000))).toBe(true);
}

describe('a written chapter is illustrated', () => {
  it('asks for the picture of each written chapter with its text, stores it once, and shows the preview', async () => {
    const { heroId, userId, story } = await t.startedStory();
    await illustrated(story.id, 1);
    const [chapter] = await t.chapters(story.id);
    expect(t.illustrator.asked(story.id)).toEqual([
      {
        storyBookId: story.id,
        heroId,
        chapterNumber: 1,
        title: chapter!.title,
        content: expect.stringContaining('# Chapter 1'),
        attempt: 1,
        // The chapter's scene from the plan, and who the cast are, so the picture draws this moment.
        scene: { place: 'Place 1', landscape: 'forest', companions: ['Wren'] },
        cast: FAKE_CAST.map(({ name, kind }) => ({ name, kind })),
      },
    ]);
    const base = `storybooks/${story.id}/chapters/1`;
    expect(await illustrationRow(story.id, 1)).toMatchObject({
      illustration_attempt: 1,
      illustration_full_key: `${base}/full`,
      illustration_preview_key: `${base}/preview`,
      illustration_width: 1200,
      illustration_height: 800,
      illustration_alt: 'Picture of chapter 1 (attempt 1)',
    });

    // A repeated or stale delivery changes nothing.
    const service = t.get(ChapterIllustrationService);
    const event = {
      storyBookId: story.id,
      chapterNumber: 1,
      fullKey: 'elsewhere/full',
      previewKey: 'elsewhere/preview',
      width: 10,
      height: 10,
      alt: 'Another',
      provider: 'x',
    };
    await service.applyIllustrated({ ...event, attempt: 1 });
    await service.applyIllustrated({ ...event, attempt: 2 });
    await service.applyFailed({ ...event, attempt: 1, reason: 'late', quotaExceeded: false });
    expect(await illustrationRow(story.id, 1)).toMatchObject({
      illustration_full_key: `${base}/full`,
      illustration_alt: 'Picture of chapter 1 (attempt 1)',
      illustration_failed_at: null,
    });

    // Not premium: the watermarked preview only.
    const view = await t.bus.request('storybook.get', { userId, heroId });
    const { illustration } = view.chapters[0]!;
    expect(illustration).toEqual({
      url: expect.stringMatching(/^\/media\//),
      // The preview is 600 wide: one sized width.
      widths: [600],
      alt: 'Picture of chapter 1 (attempt 1)',
      width: 1200,
      height: 800,
    });
    expectSigned(illustration!.url, `${base}/preview.png`);
  });

  it('shows the full pictures of a premium story, and none on locked chapters', async () => {
    const { heroId, userId, story } = await t.startedStory({ premium: true });
    for (let n = 1; n <= 7; n++) await illustrated(story.id, n);
    const view = await t.bus.request('storybook.get', { userId, heroId });
    for (const chapter of view.chapters) {
      if (chapter.chapterNumber <= 4) {
        expectSigned(
          chapter.illustration!.url,
          `storybooks/${story.id}/chapters/${chapter.chapterNumber}/full.png`,
        );
        expect(chapter.illustration!.widths).toEqual([600, 1200]);
      } else {
        // Drawn ahead (5–7) or not written (8–10): nothing leaves the server while locked.
        expect(chapter.illustration).toBeNull();
      }
    }
  });
});

describe('an illustration that fails', () => {
  it('is asked again by the sweep with the next attempt, a bounded number of times', async () => {
    t.illustrator.mode = 'fail';
    const { heroId, userId, story } = await t.startedStory();
    await eventually(async () => (await illustrationRow(story.id, 1))?.illustration_failed_at);
    expect(await illustrationRow(story.id, 1)).toMatchObject({
      illustration_attempt: 1,
      illustration_full_key: null,
      illustration_failure: 'the painter slipped',
    });
    expect((await t.bus.request('storybook.get', { userId, heroId })).chapters[0]!.illustration).toBeNull();

    // Not at once: a while after the failure.
    await t.get(ReconciliationService).run();
    expect(t.illustrator.asked(story.id)).toHaveLength(1);
    t.clock.advance(SWEEP_LATER);
    await t.get(ReconciliationService).run();
    await eventually(() => t.illustrator.asked(story.id).length === 2);
    expect(t.illustrator.asked(story.id)[1]).toMatchObject({ chapterNumber: 1, attempt: 2 });
    await eventually(async () => (await illustrationRow(story.id, 1))?.illustration_failed_at);

    // The last attempt failed too: the chapter stays without a picture, and is not asked again.
    t.clock.advance(SWEEP_LATER);
    await t.get(ReconciliationService).run();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.illustrator.asked(story.id).map((job) => job.attempt)).toEqual([1, MAX_ATTEMPTS]);
    expect(await illustrationRow(story.id, 1)).toMatchObject({ illustration_attempt: MAX_ATTEMPTS });
  });

  it('is asked again when its job was lost, and drawn', async () => {
    t.illustrator.mode = 'hold';
    const { story } = await t.startedStory();
    await eventually(() => t.illustrator.asked(story.id).length === 1);
    // Redis loses the job (a flush, a failover): the sweep finds the illustration asked long ago.
    const { queue, close } = t.illustrationQueue();
    try {
      await (await queue.getJob(`illustration.${story.id}.1.1`))?.remove().catch(() => undefined);
    } finally {
      await close();
    }
    t.illustrator.mode = 'draw';
    t.clock.advance(SWEEP_LATER);
    await t.get(ReconciliationService).run();
    await illustrated(story.id, 1);
    expect(await illustrationRow(story.id, 1)).toMatchObject({ illustration_attempt: 1 });
  });
});

describe('chapters written before illustrations existed', () => {
  it('get theirs from the sweep, without being rewritten', async () => {
    t.illustrator.mode = 'hold';
    const { heroId, userId, story } = await t.startedStory();
    await eventually(() => t.illustrator.asked(story.id).length === 1);
    // As the migration leaves an old chapter: written, never asked for a picture, its job long gone.
    await t.db.query(
      `UPDATE storybook.chapters SET illustration_attempt = NULL, illustration_requested_at = NULL
       WHERE storybook_id = $1`,
      [story.id],
    );
    const { queue, close } = t.illustrationQueue();
    try {
      await (await queue.getJob(`illustration.${story.id}.1.1`))?.remove().catch(() => undefined);
    } finally {
      await close();
    }
    const before = await illustrationRow(story.id, 1);
    const asked = t.writer.asked(story.id).length;

    t.illustrator.mode = 'draw';
    const report = await t.get(ReconciliationService).run();
    expect(report.illustrationsQueued).toBeGreaterThanOrEqual(1);
    await illustrated(story.id, 1);
    const after = await illustrationRow(story.id, 1);
    expect(after).toMatchObject({
      title: before.title,
      content: before.content,
      summary: before.summary,
      generated_at: before.generated_at,
      illustration_attempt: 1,
    });
    expect(t.writer.asked(story.id)).toHaveLength(asked);
    const view = await t.bus.request('storybook.get', { userId, heroId });
    expect(view.chapters[0]).toMatchObject({ content: before.content, illustration: { width: 1200 } });
  });
});

describe('storybook.book-chapters', () => {
  it("answers the premium owner's unlocked, written chapters in order, with their pictures' keys", async () => {
    const { heroId, userId, story } = await t.startedStory({ premium: true });
    for (let n = 1; n <= 3; n++) await illustrated(story.id, n);
    // Chapter 4's picture is not drawn yet.
    await t.db.query(
      `UPDATE storybook.chapters SET illustration_full_key = NULL, illustration_preview_key = NULL,
         illustration_width = NULL, illustration_height = NULL, illustration_alt = NULL, illustrated_at = NULL
       WHERE storybook_id = $1 AND chapter_number = 4`,
      [story.id],
    );
    const book = await t.bus.request('storybook.book-chapters', { userId, heroId });
    expect(book.storyBookId).toBe(story.id);
    expect(book.chapters.map((chapter) => chapter.chapterNumber)).toEqual([1, 2, 3, 4]);
    const rows = await t.chapters(story.id);
    book.chapters.forEach((chapter, index) => {
      expect(chapter).toEqual({
        chapterNumber: index + 1,
        title: rows[index]!.title,
        content: expect.stringContaining(`# Chapter ${index + 1}`),
        illustrationKey: index < 3 ? `storybooks/${story.id}/chapters/${index + 1}/full.png` : null,
      });
    });
  });

  it('refuses a story that is not premium (403) and answers 404 to anyone but its owner', async () => {
    const { heroId, userId } = await t.startedStory();
    expect(await errorOf(t.bus.request('storybook.book-chapters', { userId, heroId }))).toEqual({
      status: 403,
      code: 'PAYMENT_REQUIRED',
      message: DOWNLOAD_FORBIDDEN_MESSAGE,
    });
    const stranger = t.newHero();
    expect(
      await errorOf(t.bus.request('storybook.book-chapters', { userId: stranger.userId, heroId })),
    ).toEqual({ status: 404, code: 'NOT_FOUND', message: STORYBOOK_NOT_FOUND });
    expect(await errorOf(t.bus.request('storybook.book-chapters', stranger))).toMatchObject({ status: 404 });
    expect(
      await errorOf(t.bus.request('storybook.book-chapters', { userId, heroId: 'nonsense' })),
    ).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
  });
});
