import { exportedStorybook } from './user-export.service.js';
import type { ExportChapterRow, ExportStoryRow } from './user-export.queries.js';

const story = (isPremium: boolean): ExportStoryRow => ({
  id: '5b0c7f4e-6f1d-4a8e-9a51-3c7d2f1e8b90',
  hero_id: 'ab'.repeat(16),
  hero_name: 'Lyra',
  is_premium: isPremium,
  chapters_total_count: isPremium ? 10 : 3,
  chapters_unlocked_count: isPremium ? 4 : 1,
  next_release_at: isPremium ? new Date('2026-03-05T08:00:05Z') : null,
  created_at: new Date('2026-03-01T08:00:00Z'),
});

const chapter = (n: number, drawn: boolean): ExportChapterRow => ({
  storybook_id: '5b0c7f4e-6f1d-4a8e-9a51-3c7d2f1e8b90',
  chapter_number: n,
  title: `T${n}`,
  content: `C${n}`,
  illustration_full_key: drawn ? `illustrations/${n}/full` : null,
  illustration_preview_key: drawn ? `illustrations/${n}/preview` : null,
});

describe('a storybook as its owner exports it', () => {
  it('premium: the story and its chapters with the full illustrations, once drawn', () => {
    expect(exportedStorybook(story(true), [chapter(1, true), chapter(2, false)])).toEqual({
      id: '5b0c7f4e-6f1d-4a8e-9a51-3c7d2f1e8b90',
      heroId: 'ab'.repeat(16),
      heroName: 'Lyra',
      isPremium: true,
      chaptersTotalCount: 10,
      chaptersUnlockedCount: 4,
      nextUnlockAt: '2026-03-05T08:00:05.000Z',
      createdAt: '2026-03-01T08:00:00.000Z',
      chapters: [
        {
          chapterNumber: 1,
          title: 'T1',
          content: 'C1',
          illustration: { quality: 'full', storageKey: 'illustrations/1/full.png' },
        },
        { chapterNumber: 2, title: 'T2', content: 'C2', illustration: null },
      ],
    });
  });

  it('not premium: the watermarked preview of an illustration, never the full picture', () => {
    const exported = exportedStorybook(story(false), [chapter(1, true)]);
    expect(exported.chapters[0]!.illustration).toEqual({
      quality: 'preview',
      storageKey: 'illustrations/1/preview.png',
    });
    expect(JSON.stringify(exported)).not.toContain('/full');
  });
});
