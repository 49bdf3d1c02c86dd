/** The shape every provider's chapter must have, and small helpers both providers use to get there. */
import { countWords } from './local/grammar.js';
import type { ChapterRequest } from './types.js';

export const CHAPTER_MIN_WORDS = 600;
export const CHAPTER_MAX_WORDS = 1200;
export const SUMMARY_MIN_SENTENCES = 2;
export const SUMMARY_MAX_SENTENCES = 4;

/**
 * A scene break as a paragraph of its own. Written with escaped asterisks so it renders as visible
 * text: a markdown rule (`---`, `* * *`) becomes <hr>, which the product's sanitiser does not allow.
 */
export const SCENE_BREAK = '\\* \\* \\*';

export { countWords };

export const chapterHeading = (chapterNumber: number, title: string) =>
  `# Chapter ${chapterNumber}: ${title}`;

/** The chapter's position, checked: whole numbers, chapter ≥ 1; a total below the chapter is raised to it. */
export function chapterPosition(request: Pick<ChapterRequest, 'chapterNumber' | 'chaptersTotalCount'>): {
  chapterNumber: number;
  total: number;
} {
  const { chapterNumber, chaptersTotalCount } = request;
  if (!Number.isInteger(chapterNumber) || chapterNumber < 1 || chapterNumber > 1000) {
    throw new RangeError(`chapterNumber must be a whole number from 1 to 1000, got ${chapterNumber}`);
  }
  if (!Number.isInteger(chaptersTotalCount) || chaptersTotalCount < 1 || chaptersTotalCount > 1000) {
    throw new RangeError(
      `chaptersTotalCount must be a whole number from 1 to 1000, got ${chaptersTotalCount}`,
    );
  }
  return { chapterNumber, total: Math.max(chaptersTotalCount, chapterNumber) };
}

/** Sentences of plain prose (a full stop, question or exclamation mark, then a space or the end). */
export function sentencesOf(text: string): string[] {
  return (
    text
      .replace(/\s+/g, ' ')
      .trim()
      .match(/[^.!?]+(?:[.!?]+["')\]]*|$)/g)
      ?.map((s) => s.trim())
      .filter((s) => /[A-Za-z0-9]/.test(s)) ?? []
  );
}

/** "Chapter 3: The Road" and "The Road" name the same chapter. */
export function bareTitle(title: string): string {
  return title
    .replace(/^#+\s*/, '')
    .replace(/^chapter\s+\d+\s*[:.\-–—]\s*/i, '')
    .trim();
}
