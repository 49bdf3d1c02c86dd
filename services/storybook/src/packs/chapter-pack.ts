import { CHAPTER_PACK_SIZE, PREMIUM_STORY_CHAPTERS } from '@starborn/contracts';

export interface ChapterCounts {
  isPremium: boolean;
  total: number;
  unlocked: number;
}

/**
 * What one chapter pack does to a story. A premium story has its 10 chapters already and unlocks the
 * next 3 of them early; a story that is not premium grows by 3 chapters (up to 10), all unlocked.
 * Returns null when the pack would unlock nothing (every chapter the story can have is unlocked).
 */
export function applyChapterPack(story: ChapterCounts): { total: number; unlocked: number } | null {
  const total = story.isPremium
    ? story.total
    : Math.min(PREMIUM_STORY_CHAPTERS, Math.max(story.total, story.unlocked + CHAPTER_PACK_SIZE));
  const unlocked = Math.min(total, story.unlocked + CHAPTER_PACK_SIZE);
  return unlocked > story.unlocked ? { total, unlocked } : null;
}
