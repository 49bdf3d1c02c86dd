/**
 * The hero's storybook as the app uses it (the API's own types) and the pure rules of the chapters
 * panel: what the header says, which prompt
 * shows, the countdown sentence and when to ask the server again. The panel calls these; Jest tests them.
 */
import type {
  ChapterDto,
  ChapterStatus,
  PaymentStatus,
  StoryBookDto,
  StoryBookView as StoryBookViewDto,
} from '@starborn/contracts';
import { stripPreviewPrefix } from '../heroes/types';

export type { ChapterStatus };
export type StoryBook = StoryBookDto;
export type Chapter = ChapterDto;

/**
 * GET /api/heroes/{id}/storybook: the contract's view, except that storyBook is null (with no
 * chapters) while the server is still setting the storybook up (it then answers 202).
 */
export type StoryBookView = Omit<StoryBookViewDto, 'storyBook'> & { storyBook: StoryBookDto | null };

/** A chapter pack is 3 chapters; the link passes amount=499 (the server's price table decides). */
export const CHAPTERS_PER_PACK = 3;
export const CHAPTERS_LINK_AMOUNT = 499;
/** The unlock call after a chapters payment gives up after 3 s (the storybook is fetched anyway). */
export const UNLOCK_AFTER_PAYMENT_TIMEOUT_MS = 3000;
/** How often the panel asks again while a chapter is being written or the storybook set up. */
export const CHAPTERS_POLL_MS = 3000;
/** How often it asks again once the release time has passed but the server has not released yet. */
export const OVERDUE_POLL_MS = 30_000;
/** How often it asks again while a written chapter waits for its illustration… */
export const ILLUSTRATION_POLL_MS = 5000;
/** …and for how long at most (a drawing that failed for good never comes). */
export const ILLUSTRATION_WAIT_MS = 120_000;

export const CHAPTER_TEXTS = {
  generating: 'Chapter content is being generated...',
  empty: 'No chapter content available',
  preparing: 'Your hero’s storybook is being prepared...',
  loadFailed: 'Failed to load the chapters. Please try again.',
} as const;

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
        chapter_number: i + 1,
        unlocked: false,
        status: 'pending' as const,
        title: null,
        content: null,
        illustration: null,
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

/** What the reading area shows for a chapter: its markdown, or one of the two fallback lines. */
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

/**
 * True while an unlocked, written chapter has no illustration yet (null). A server that does not
 * send the field (undefined) has none coming: nothing to wait for.
 */
export function isAwaitingIllustrations(chapters: readonly Chapter[]): boolean {
  return chapters.some((chapter) => chapter.unlocked && !!chapter.content && chapter.illustration === null);
}

/** Checkout for 3 more chapters: /checkout/{heroId}?type=chapters&amount=499. */
export function chaptersCheckoutPath(heroId: string): string {
  return `/checkout/${encodeURIComponent(stripPreviewPrefix(heroId))}?type=chapters&amount=${CHAPTERS_LINK_AMOUNT}`;
}

/** Checkout for the premium upgrade: /checkout/{heroId}. */
export function premiumCheckoutPath(heroId: string): string {
  return `/checkout/${encodeURIComponent(stripPreviewPrefix(heroId))}`;
}

/** The call to action under the chapters, or none. */
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

/** 'Next chapter unlocks in Xh Ym. Premium chapters are released daily.' */
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
 * being set up, a chapter written, or a just-paid hero's story made premium; every 5 s while the
 * panel still waits for an illustration (`awaitingIllustrations`: the panel's wait has not run out);
 * every 30 s while a release is overdue on the server.
 */
export function chaptersPollInterval(
  view: StoryBookView | null,
  now: number,
  {
    awaitingPremiumStory = false,
    awaitingIllustrations = false,
  }: { awaitingPremiumStory?: boolean; awaitingIllustrations?: boolean } = {},
): number {
  if (!view) return 0;
  if (!view.storyBook || awaitingPremiumStory) return CHAPTERS_POLL_MS;
  if (isWritingChapters(view.chapters)) return CHAPTERS_POLL_MS;
  if (awaitingIllustrations && isAwaitingIllustrations(view.chapters)) return ILLUSTRATION_POLL_MS;
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
