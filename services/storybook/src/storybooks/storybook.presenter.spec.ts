import { mediaExpiry, MediaUrlSigner } from '@starborn/storage';
import { presentStorybook } from './storybook.presenter.js';
import type { ChapterSummaryRow, StorybookRow } from './storybook.queries.js';

const signer = new MediaUrlSigner('a-test-secret-that-is-long-enough-for-hmac');
const expiresAt = mediaExpiry(Date.parse('2026-03-01T09:30:00Z') / 1000);
const link = (key: string) => signer.sign(key, expiresAt);
const undrawn = {
  illustration_full_key: null,
  illustration_preview_key: null,
  illustration_width: null,
  illustration_height: null,
  illustration_alt: null,
};

const story: StorybookRow = {
  id: '5b0c7f4e-6f1d-4a8e-9a51-3c7d2f1e8b90',
  hero_id: 'ab'.repeat(16),
  user_id: '11111111-1111-4111-8111-111111111111',
  hero_name: 'Lyra',
  started_at: new Date('2026-03-01T08:00:00Z'),
  is_premium: true,
  chapters_total_count: 10,
  chapters_unlocked_count: 4,
  initial_chapter_generated_at: new Date('2026-03-01T08:00:05Z'),
  next_release_at: new Date('2026-03-05T08:00:05Z'),
  created_at: new Date('2026-03-01T08:00:00Z'),
  updated_at: new Date('2026-03-01T09:00:00Z'),
};

const ready = (n: number): ChapterSummaryRow => ({
  chapter_number: n,
  status: 'ready' as const,
  title: `T${n}`,
  content: `C${n}`,
  ...undrawn,
});

/** A written chapter whose illustration is stored. */
const illustrated = (n: number): ChapterSummaryRow => ({
  ...ready(n),
  illustration_full_key: `storybooks/${story.id}/chapters/${n}/full`,
  illustration_preview_key: `storybooks/${story.id}/chapters/${n}/preview`,
  illustration_width: 1200,
  illustration_height: 800,
  illustration_alt: `Picture ${n}`,
});

describe('presentStorybook', () => {
  it('names every field twice and dates in ISO', () => {
    const { storyBook } = presentStorybook(story, [], link);
    expect(storyBook).toEqual({
      id: story.id,
      heroId: story.hero_id,
      hero_id: story.hero_id,
      isPremium: true,
      is_premium: true,
      chaptersTotalCount: 10,
      chapters_total_count: 10,
      chaptersUnlockedCount: 4,
      chapters_unlocked_count: 4,
      initialChapterGeneratedAt: '2026-03-01T08:00:05.000Z',
      initial_chapter_generated_at: '2026-03-01T08:00:05.000Z',
      nextUnlockAt: '2026-03-05T08:00:05.000Z',
      next_unlock_at: '2026-03-05T08:00:05.000Z',
      createdAt: '2026-03-01T08:00:00.000Z',
      created_at: '2026-03-01T08:00:00.000Z',
      updatedAt: '2026-03-01T09:00:00.000Z',
      updated_at: '2026-03-01T09:00:00.000Z',
    });
  });

  it('lists chapters 1 … total, with text only where unlocked and written', () => {
    const rows = [
      ready(1),
      ready(2),
      { chapter_number: 3, status: 'error' as const, title: null, content: null, ...undrawn },
      { chapter_number: 4, status: 'generating' as const, title: null, content: null, ...undrawn },
      ready(5),
    ];
    const { chapters } = presentStorybook(story, rows, link);
    expect(chapters).toHaveLength(10);
    expect(chapters.map((c) => [c.chapterNumber, c.chapter_number, c.unlocked, c.status, c.title])).toEqual([
      [1, 1, true, 'ready', 'T1'],
      [2, 2, true, 'ready', 'T2'],
      [3, 3, true, 'error', null],
      [4, 4, true, 'generating', null],
      [5, 5, false, 'ready', null],
      [6, 6, false, 'pending', null],
      [7, 7, false, 'pending', null],
      [8, 8, false, 'pending', null],
      [9, 9, false, 'pending', null],
      [10, 10, false, 'pending', null],
    ]);
    expect(chapters[0]!.content).toBe('C1');
    expect(chapters[4]!.content).toBeNull(); // written ahead, still locked
  });

  it('gives nulls for a story whose first chapter is not written yet', () => {
    const fresh = {
      ...story,
      is_premium: false,
      chapters_total_count: 1,
      chapters_unlocked_count: 1,
      initial_chapter_generated_at: null,
      next_release_at: null,
    };
    const view = presentStorybook(fresh, [], link);
    expect(view.storyBook).toMatchObject({
      initialChapterGeneratedAt: null,
      nextUnlockAt: null,
      next_unlock_at: null,
    });
    expect(view.chapters).toEqual([
      {
        chapterNumber: 1,
        chapter_number: 1,
        unlocked: true,
        status: 'pending',
        title: null,
        content: null,
        illustration: null,
      },
    ]);
  });

  it('links the full illustration of a premium story’s unlocked chapters, signed, with its words and size', () => {
    const { chapters } = presentStorybook(story, [illustrated(1), ready(2), illustrated(5)], link);
    const full = `storybooks/${story.id}/chapters/1/full.png`;
    expect(chapters[0]!.illustration).toEqual({
      url: signer.sign(full, expiresAt),
      alt: 'Picture 1',
      width: 1200,
      height: 800,
      // The widths it is served at as AVIF and WebP (the full picture is 1200 wide).
      widths: [600, 1200],
    });
    expect(
      signer.verify(
        full,
        String(expiresAt),
        new URL(chapters[0]!.illustration!.url, 'http://x').searchParams.get('sig') ?? '',
        expiresAt - 60,
      ),
    ).toBe(true);
    // Not drawn yet; drawn but locked: nothing to show.
    expect(chapters[1]!.illustration).toBeNull();
    expect(chapters[4]!.illustration).toBeNull();
    expect(chapters.slice(5).every((chapter) => chapter.illustration === null)).toBe(true);
  });

  it('links only the watermarked preview when the story is not premium', () => {
    const free = { ...story, is_premium: false, chapters_total_count: 1, chapters_unlocked_count: 1 };
    const [chapter] = presentStorybook(free, [illustrated(1)], link).chapters;
    expect(chapter!.illustration).toMatchObject({ alt: 'Picture 1', width: 1200, height: 800 });
    // The preview is 600 wide: it is served at that width alone.
    expect(chapter!.illustration!.widths).toEqual([600]);
    expect(chapter!.illustration!.url).toMatch(
      new RegExp(`^/media/storybooks/${story.id}/chapters/1/preview\\.png\\?exp=${expiresAt}&sig=`),
    );
    expect(chapter!.illustration!.url).not.toContain('full');
  });
});
