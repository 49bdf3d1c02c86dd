/**
 * The hero's storybook as the app uses it (spec §3 StoryBook/Chapter) and the pure rules of the
 * chapters panel (spec §2 "Chapters panel", §4 Chapters, §9): what the header says, which prompt
 * shows, the countdown sentence and when to ask the server again. The panel calls these; Jest tests them.
 */
import { stripPreviewPrefix, type PaymentStatus } from '../heroes/types';

export type ChapterStatus = 'pending' | 'generating' | 'ready' | 'error';

export interface StoryBook {
  id: string;
  heroId: string;
  isPremium: boolean;
  chaptersTotalCount: number;
  chaptersUnlockedCount: number;
  /** When chapter 1 was written (ISO), null until it is. */
  initialChapterGeneratedAt: string | null;
  /** When the next daily chapter is released (ISO); null when nothing is scheduled. */
  nextUnlockAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Chapter {
  chapterNumber: number;
  unlocked: boolean;
  status: ChapterStatus;
  title: string | null;
  /** Markdown; null while locked, while being written, or when writing failed. */
  content: string | null;
}

/** GET /api/heroes/{id}/storybook: storyBook is null while the server is still setting it up (202). */
export interface StoryBookView {
  storyBook: StoryBook | null;
  chapters: Chapter[];
}

/** Spec §9: 3 chapters per purchase; the link passes amount=499 (the server's price table decides). */
export const CHAPTERS_PER_PACK = 3;
export const CHAPTERS_LINK_AMOUNT = 499;
/** Spec §9: the unlock call after a chapters payment gives up after 3 s. */
export const UNLOCK_AFTER_PAYMENT_TIMEOUT_MS = 3000;
/** How often the panel asks again while a chapter is being written or the storybook set up. */
export const CHAPTERS_POLL_MS = 3000;
/** How often it asks again once the release time has passed but the server has not released yet. */
export const OVERDUE_POLL_MS = 30_000;

export const CHAPTER_TEXTS = {
  generating: 'Chapter content is being generated...',
  empty: 'No chapter content available',
  preparing: 'Your hero’s storybook is being prepared...',
  loadFailed: 'Failed to load the chapters. Please try again.',
} as const;

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The camelCase field, else its snake_case twin (spec §3: "The API also uses camelCase"). */
function field(v: Loose, camel: string, snake: string): unknown {
  return v[camel] !== undefined ? v[camel] : v[snake];
}
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const strOrNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const count = (v: unknown): number =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : 0;
const STATUSES: readonly ChapterStatus[] = ['pending', 'generating', 'ready', 'error'];

export function normalizeStoryBook(value: unknown): StoryBook | null {
  if (!isObject(value)) return null;
  const id = str(value.id);
  if (!id) return null;
  const total = count(field(value, 'chaptersTotalCount', 'chapters_total_count'));
  return {
    id,
    heroId: str(field(value, 'heroId', 'hero_id')),
    isPremium: field(value, 'isPremium', 'is_premium') === true,
    chaptersTotalCount: total,
    chaptersUnlockedCount: Math.min(
      total,
      count(field(value, 'chaptersUnlockedCount', 'chapters_unlocked_count')),
    ),
    initialChapterGeneratedAt: strOrNull(
      field(value, 'initialChapterGeneratedAt', 'initial_chapter_generated_at'),
    ),
    nextUnlockAt: strOrNull(field(value, 'nextUnlockAt', 'next_unlock_at')),
    createdAt: str(field(value, 'createdAt', 'created_at')),
    updatedAt: str(field(value, 'updatedAt', 'updated_at')),
  };
}

export function normalizeChapter(value: unknown): Chapter | null {
  if (!isObject(value)) return null;
  const chapterNumber = count(field(value, 'chapterNumber', 'chapter_number'));
  if (chapterNumber < 1) return null;
  const content = typeof value.content === 'string' && value.content.trim() !== '' ? value.content : null;
  const unlocked = value.unlocked === true;
  const status = STATUSES.includes(value.status as ChapterStatus)
    ? (value.status as ChapterStatus)
    : content
      ? 'ready'
      : 'pending';
  return {
    chapterNumber,
    unlocked,
    status,
    title: unlocked ? strOrNull(value.title) : null,
    content: unlocked ? content : null,
  };
}

/** A server answer as the panel reads it: chapters in order, one per number. */
export function normalizeStoryBookView(value: unknown): StoryBookView {
  const v = isObject(value) ? value : {};
  const storyBook = normalizeStoryBook(field(v, 'storyBook', 'story_book'));
  const byNumber = new Map<number, Chapter>();
  for (const raw of Array.isArray(v.chapters) ? v.chapters : []) {
    const chapter = normalizeChapter(raw);
    if (chapter && !byNumber.has(chapter.chapterNumber)) byNumber.set(chapter.chapterNumber, chapter);
  }
  const chapters = [...byNumber.values()].sort((a, b) => a.chapterNumber - b.chapterNumber);
  return { storyBook, chapters: storyBook ? chapters : [] };
}

/**
 * One tab per chapter of the story, 1 … total: the server's chapters, and a locked stand-in for any
 * number it did not list (so the tab row always shows the whole story).
 */
export function chapterTabs(storyBook: StoryBook, chapters: readonly Chapter[]): Chapter[] {
  const byNumber = new Map(chapters.map((chapter) => [chapter.chapterNumber, chapter]));
  const total = Math.max(storyBook.chaptersTotalCount, chapters.length);
  return Array.from(
    { length: total },
    (_, i) =>
      byNumber.get(i + 1) ?? {
        chapterNumber: i + 1,
        unlocked: false,
        status: 'pending' as const,
        title: null,
        content: null,
      },
  );
}

/** The header's count: '4 of 10 chapters unlocked'. */
export function unlockedSummary(
  storyBook: Pick<StoryBook, 'chaptersUnlockedCount' | 'chaptersTotalCount'>,
): string {
  const total = storyBook.chaptersTotalCount;
  return `${storyBook.chaptersUnlockedCount} of ${total} ${total === 1 ? 'chapter' : 'chapters'} unlocked`;
}

/** What the reading area shows for a chapter: its markdown, or one of the two fallbacks of spec §2. */
export type ChapterBody = { kind: 'markdown'; markdown: string } | { kind: 'fallback'; text: string };

export function chapterBody(chapter: Chapter): ChapterBody {
  if (chapter.content) return { kind: 'markdown', markdown: chapter.content };
  if (chapter.unlocked && (chapter.status === 'generating' || chapter.status === 'pending')) {
    return { kind: 'fallback', text: CHAPTER_TEXTS.generating };
  }
  return { kind: 'fallback', text: CHAPTER_TEXTS.empty };
}

/** True while an unlocked chapter is still being written: the panel asks again every few seconds. */
export function isWritingChapters(chapters: readonly Chapter[]): boolean {
  return chapters.some(
    (chapter) =>
      chapter.unlocked &&
      !chapter.content &&
      (chapter.status === 'generating' || chapter.status === 'pending'),
  );
}

/** Checkout for 3 more chapters: /checkout/{heroId}?type=chapters&amount=499 (spec §2, §9). */
export function chaptersCheckoutPath(heroId: string): string {
  return `/checkout/${encodeURIComponent(stripPreviewPrefix(heroId))}?type=chapters&amount=${CHAPTERS_LINK_AMOUNT}`;
}

/** Checkout for the premium upgrade: /checkout/{heroId}. */
export function premiumCheckoutPath(heroId: string): string {
  return `/checkout/${encodeURIComponent(stripPreviewPrefix(heroId))}`;
}

/** The call to action under the chapters (spec §2 "Prompts"), or none. */
export type ChapterPrompt =
  | { kind: 'none' }
  | {
      kind: 'next-chapter-soon' | 'unlock-full-story' | 'unlock-more-chapters';
      heading: string;
      /** The button's visible words. */
      buttonLabel: string;
      /** Read before the visible words by screen readers, when these alone would not say what it does. */
      buttonContext?: string;
      to: string;
    };

export const PROMPT_TEXTS = {
  nextChapterSoon: 'Next Chapter Unlocks Soon',
  premiumPackButton: 'Unlock 3 More Chapters – $3.99',
  unlockFullStory: 'Unlock Full Story',
  unlockNow: 'Unlock Now',
  unlockMoreChapters: 'Unlock More Chapters',
  standardPackButton: '$1.99',
} as const;

/**
 * - a premium story with locked chapters: 'Next Chapter Unlocks Soon' (countdown) and a $3.99 pack;
 * - a premium story with every chapter unlocked: nothing;
 * - an unpaid hero: 'Unlock Full Story' / 'Unlock Now' (the premium upgrade);
 * - a paid hero whose story is not premium: 'Unlock More Chapters' with a $1.99 pack.
 */
export function chapterPrompt(
  heroId: string,
  paymentStatus: PaymentStatus,
  storyBook: Pick<StoryBook, 'isPremium' | 'chaptersUnlockedCount' | 'chaptersTotalCount'>,
): ChapterPrompt {
  if (storyBook.isPremium) {
    if (storyBook.chaptersUnlockedCount >= storyBook.chaptersTotalCount) return { kind: 'none' };
    return {
      kind: 'next-chapter-soon',
      heading: PROMPT_TEXTS.nextChapterSoon,
      buttonLabel: PROMPT_TEXTS.premiumPackButton,
      to: chaptersCheckoutPath(heroId),
    };
  }
  if (paymentStatus !== 'paid') {
    return {
      kind: 'unlock-full-story',
      heading: PROMPT_TEXTS.unlockFullStory,
      buttonLabel: PROMPT_TEXTS.unlockNow,
      to: premiumCheckoutPath(heroId),
    };
  }
  return {
    kind: 'unlock-more-chapters',
    heading: PROMPT_TEXTS.unlockMoreChapters,
    buttonLabel: PROMPT_TEXTS.standardPackButton,
    buttonContext: `Unlock ${CHAPTERS_PER_PACK} more chapters for `,
    to: chaptersCheckoutPath(heroId),
  };
}

const MINUTE_MS = 60_000;

/** Milliseconds until `nextUnlockAt` (never below 0), or null when there is no valid time. */
export function msUntil(nextUnlockAt: string | null, now: number): number | null {
  if (!nextUnlockAt) return null;
  const at = Date.parse(nextUnlockAt);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}

/** 'Xh Ym', rounded up to the minute, so the last seconds read '0h 1m' rather than '0h 0m'. */
export function formatHoursMinutes(ms: number): string {
  const minutes = Math.ceil(Math.max(0, ms) / MINUTE_MS);
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** Spec §2: 'Next chapter unlocks in Xh Ym. Premium chapters are released daily.' */
export function countdownText(nextUnlockAt: string | null, now: number): string {
  const remaining = msUntil(nextUnlockAt, now);
  if (remaining === null) return 'Premium chapters are released daily.';
  return `Next chapter unlocks in ${formatHoursMinutes(remaining)}. Premium chapters are released daily.`;
}

/** True once a scheduled release time has come (the panel then asks the server for the new chapter). */
export function isReleaseDue(nextUnlockAt: string | null, now: number): boolean {
  return msUntil(nextUnlockAt, now) === 0;
}

/**
 * How often the panel asks the server again (0: not at all): every few seconds while the storybook is
 * being set up, a chapter written, or a just-paid hero's story made premium; every 30 s while a
 * release is overdue on the server.
 */
export function chaptersPollInterval(
  view: StoryBookView | null,
  now: number,
  { awaitingPremiumStory = false }: { awaitingPremiumStory?: boolean } = {},
): number {
  if (!view) return 0;
  if (!view.storyBook || awaitingPremiumStory) return CHAPTERS_POLL_MS;
  if (isWritingChapters(view.chapters)) return CHAPTERS_POLL_MS;
  const { storyBook } = view;
  if (
    storyBook.isPremium &&
    storyBook.chaptersUnlockedCount < storyBook.chaptersTotalCount &&
    isReleaseDue(storyBook.nextUnlockAt, now)
  ) {
    return OVERDUE_POLL_MS;
  }
  return 0;
}
