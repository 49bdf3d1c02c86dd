import { presentStorybook } from './storybook.presenter.js';
import type { StorybookRow } from './storybook.queries.js';

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

const ready = (n: number) => ({
  chapter_number: n,
  status: 'ready' as const,
  title: `T${n}`,
  content: `C${n}`,
});

describe('presentStorybook', () => {
  it('names every field twice and dates in ISO', () => {
    const { storyBook } = presentStorybook(story, []);
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
      { chapter_number: 3, status: 'error' as const, title: null, content: null },
      { chapter_number: 4, status: 'generating' as const, title: null, content: null },
      ready(5),
    ];
    const { chapters } = presentStorybook(story, rows);
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
    const view = presentStorybook(fresh, []);
    expect(view.storyBook).toMatchObject({
      initialChapterGeneratedAt: null,
      nextUnlockAt: null,
      next_unlock_at: null,
    });
    expect(view.chapters).toEqual([
      { chapterNumber: 1, chapter_number: 1, unlocked: true, status: 'pending', title: null, content: null },
    ]);
  });
});
