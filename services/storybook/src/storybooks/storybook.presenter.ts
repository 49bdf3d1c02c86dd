import type { ChapterDto, StoryBookDto, StoryBookView } from '@starborn/contracts';
import type { ChapterSummaryRow, StorybookRow } from './storybook.queries.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The API's view of a story: every storybook field twice (snake_case and camelCase: existing clients read either). */
export function presentStorybook(story: StorybookRow, rows: ChapterSummaryRow[]): StoryBookView {
  const initial = iso(story.initial_chapter_generated_at);
  const next = iso(story.next_release_at);
  const created = story.created_at.toISOString();
  const updated = story.updated_at.toISOString();
  const storyBook: StoryBookDto = {
    id: story.id,
    heroId: story.hero_id,
    hero_id: story.hero_id,
    isPremium: story.is_premium,
    is_premium: story.is_premium,
    chaptersTotalCount: story.chapters_total_count,
    chapters_total_count: story.chapters_total_count,
    chaptersUnlockedCount: story.chapters_unlocked_count,
    chapters_unlocked_count: story.chapters_unlocked_count,
    initialChapterGeneratedAt: initial,
    initial_chapter_generated_at: initial,
    nextUnlockAt: next,
    next_unlock_at: next,
    createdAt: created,
    created_at: created,
    updatedAt: updated,
    updated_at: updated,
  };
  const byNumber = new Map(rows.map((row) => [row.chapter_number, row]));
  const chapters: ChapterDto[] = [];
  for (let n = 1; n <= story.chapters_total_count; n++) {
    const row = byNumber.get(n);
    const unlocked = n <= story.chapters_unlocked_count;
    // A locked chapter's text stays on the server, written or not.
    const readable = unlocked && row?.status === 'ready';
    chapters.push({
      chapterNumber: n,
      chapter_number: n,
      unlocked,
      status: row?.status ?? 'pending',
      title: readable ? row.title : null,
      content: readable ? row.content : null,
    });
  }
  return { storyBook, chapters };
}
