/**
 * Reads a model's answer to the chapter prompt: a JSON object with title, markdown and summary.
 * Small slips are repaired (code fences around the JSON, a missing or different heading, rules used
 * as scene breaks, a summary of more than four sentences); anything else is reported as a problem
 * the model can be asked to fix.
 */
import { z } from 'zod';
import {
  bareTitle,
  CHAPTER_MAX_WORDS,
  CHAPTER_MIN_WORDS,
  chapterHeading,
  countWords,
  SCENE_BREAK,
  sentencesOf,
  SUMMARY_MAX_SENTENCES,
  SUMMARY_MIN_SENTENCES,
} from '../chapter-format.js';
import type { WrittenChapter } from '../types.js';

export type ChapterAnswer = { ok: true; chapter: WrittenChapter } | { ok: false; problem: string };

const answerSchema = z.object({
  title: z.string(),
  markdown: z.string(),
  summary: z.string(),
});

const MAX_TITLE_LENGTH = 120;
const MAX_SUMMARY_LENGTH = 1_000;

export function readChapterAnswer(text: string | null | undefined, chapterNumber: number): ChapterAnswer {
  const json = jsonObjectIn(text ?? '');
  if (json === undefined) return { ok: false, problem: 'the answer was not a JSON object' };
  const parsed = answerSchema.safeParse(json);
  if (!parsed.success) {
    return {
      ok: false,
      problem: 'the JSON object must have the string fields "title", "markdown" and "summary"',
    };
  }
  const title = bareTitle(parsed.data.title.replace(/[*_`"]/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
  if (!title || title.length > MAX_TITLE_LENGTH) {
    return { ok: false, problem: `the title must be 1 to ${MAX_TITLE_LENGTH} characters` };
  }
  const markdown = normaliseMarkdown(parsed.data.markdown, chapterNumber, title);
  const words = countWords(markdown);
  if (words < CHAPTER_MIN_WORDS || words > CHAPTER_MAX_WORDS) {
    return {
      ok: false,
      problem: `the chapter has ${words} words; it must have ${CHAPTER_MIN_WORDS} to ${CHAPTER_MAX_WORDS.toLocaleString('en-US')}`,
    };
  }
  const sentences = sentencesOf(parsed.data.summary.replace(/[*_#>`]/g, ''));
  if (sentences.length < SUMMARY_MIN_SENTENCES) {
    return {
      ok: false,
      problem: `the summary must have ${SUMMARY_MIN_SENTENCES} to ${SUMMARY_MAX_SENTENCES} sentences`,
    };
  }
  // A longer summary is cut, not refused: its first sentences still serve the next writer.
  const summary = sentences.slice(0, SUMMARY_MAX_SENTENCES).join(' ').slice(0, MAX_SUMMARY_LENGTH);
  return { ok: true, chapter: { title, markdown, summary } };
}

/** The JSON object in an answer, also when wrapped in a code fence or a sentence; undefined if none. */
function jsonObjectIn(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

const RULE_LINE = /^\s*(?:(?:\*\s*){3,}|(?:-\s*){3,}|(?:_\s*){3,})$/;

/**
 * The chapter starts with `# Chapter N: Title` whatever heading the model wrote, and scene breaks
 * use the product's visible marker (a markdown rule would be dropped by the sanitiser).
 */
function normaliseMarkdown(markdown: string, chapterNumber: number, title: string): string {
  const lines = markdown.replace(/\r\n?/g, '\n').trim().split('\n');
  if (/^#{1,6}\s/.test(lines[0] ?? '')) lines.shift();
  const body = lines
    .map((line) => (RULE_LINE.test(line) ? `\n${SCENE_BREAK}\n` : line))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return `${chapterHeading(chapterNumber, title)}\n\n${body}\n`;
}
