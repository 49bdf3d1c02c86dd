import type { ChapterDto, ChapterIllustrationDto, StoryBookDto, StoryBookView } from '@starborn/contracts';
import type { ChapterSummaryRow, StorybookRow } from './storybook.queries.js';
import { ILLUSTRATION_PREVIEW_WIDTH, MEDIA_WIDTHS, sizedWidths } from '@starborn/storage';

/** Signs a media key into a short-lived /media link (MediaUrlSigner with the current expiry). */
export type MediaLink = (key: string) => string;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The API's view of a story: every storybook field twice (snake_case and camelCase: existing clients
 * read either). An unlocked, written chapter shows its illustration once drawn: the full picture for a
 * premium story, the watermarked preview otherwise (the full file is then never signed, so its link
 * cannot be derived from what the reader receives).
 */
export function presentStorybook(
  story: StorybookRow,
  rows: ChapterSummaryRow[],
  link: MediaLink,
): StoryBookView {
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
      illustration: readable ? illustrationOf(row, story.is_premium, link) : null,
    });
  }
  return { storyBook, chapters };
}

function illustrationOf(
  row: ChapterSummaryRow,
  premium: boolean,
  link: MediaLink,
): ChapterIllustrationDto | null {
  const key = premium ? row.illustration_full_key : row.illustration_preview_key;
  if (!key || !row.illustration_width || !row.illustration_height) return null;
  const storedWidth = premium
    ? row.illustration_width
    : Math.min(ILLUSTRATION_PREVIEW_WIDTH, row.illustration_width);
  return {
    url: link(`${key}.png`),
    widths: sizedWidths(storedWidth, MEDIA_WIDTHS.illustration),
    alt: row.illustration_alt ?? '',
    width: row.illustration_width,
    height: row.illustration_height,
  };
}
