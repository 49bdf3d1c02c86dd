/** Storybooks and their daily chapters, and the messages around them. */
import type { PaymentStatus } from './heroes.js';

/** A story that is not premium has this many chapters (more only through chapter packs). */
export const NON_PREMIUM_STORY_CHAPTERS = 1;
/** A premium story's length, and how many of its chapters unlock the moment it is promoted. */
export const PREMIUM_STORY_CHAPTERS = 10;
export const PREMIUM_CHAPTERS_UNLOCKED_AT_PROMOTION = 4;
/** Chapters unlocked by one paid chapter pack. */
export const CHAPTER_PACK_SIZE = 3;
/**
 * A premium story releases one chapter per day, also after an upgrade or a pack: next = max(first
 * chapter written, promotion) + (unlocked − unlocked early by the upgrade and packs) × 1 day.
 */
export const CHAPTER_RELEASE_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** How many chapters beyond the unlocked ones are written in advance, so a release never waits. */
export const CHAPTERS_WRITTEN_AHEAD = CHAPTER_PACK_SIZE;

export const STORYBOOK_NOT_FOUND = 'Storybook not found.';
export const CHAPTER_PACK_PAYMENT_REQUIRED = 'No unused chapter purchase was found for this story.';
export const CHAPTER_PACK_COUNT_INVALID = `Chapters are unlocked ${CHAPTER_PACK_SIZE} at a time.`;
export const STORY_FULLY_UNLOCKED = 'All chapters of this story are already unlocked.';

/** pending: not asked for yet · generating: its job is queued or running · ready · error: failed for good. */
export type ChapterStatus = 'pending' | 'generating' | 'ready' | 'error';

/** A storybook as the API shows it: every field in snake_case and camelCase (existing clients read either). */
export interface StoryBookDto {
  id: string;
  heroId: string;
  hero_id: string;
  isPremium: boolean;
  is_premium: boolean;
  chaptersTotalCount: number;
  chapters_total_count: number;
  chaptersUnlockedCount: number;
  chapters_unlocked_count: number;
  /** When chapter 1 was written; null until it is. */
  initialChapterGeneratedAt: string | null;
  initial_chapter_generated_at: string | null;
  /** When the next daily release is due (premium stories with locked chapters); null otherwise. */
  nextUnlockAt: string | null;
  next_unlock_at: string | null;
  createdAt: string;
  created_at: string;
  updatedAt: string;
  updated_at: string;
}

/** One chapter; only unlocked chapters carry a title and content. */
export interface ChapterDto {
  chapterNumber: number;
  chapter_number: number;
  unlocked: boolean;
  status: ChapterStatus;
  title: string | null;
  /** Markdown; null while locked, while being written, or when writing failed. */
  content: string | null;
  /** The chapter's picture; null while locked, and until it is drawn. */
  illustration: ChapterIllustrationDto | null;
}

/**
 * Signed, short-lived links to a chapter's illustration: full quality for a premium story, the
 * watermarked preview otherwise. The signature covers every format of the image: replacing `.png`
 * by `.webp` in `url` gives the WebP.
 */
export interface ChapterIllustrationDto {
  url: string;
  /** The widths it is also served at: `.png` replaced by `.w<width>.avif` or `.w<width>.webp`. */
  widths?: number[];
  /** Describes the picture for screen readers. */
  alt: string;
  width: number;
  height: number;
}

export interface StoryBookView {
  storyBook: StoryBookDto;
  /** Chapters 1 … chapters_total_count, in order. */
  chapters: ChapterDto[];
}

export interface StoryBookQuery {
  userId: string;
  heroId: string;
}

export interface UnlockChaptersCommand {
  userId: string;
  storyBookId: string;
  /** Must be CHAPTER_PACK_SIZE. */
  count: number;
}

export interface UnlockAfterPaymentCommand {
  userId: string;
  heroId: string;
}

/** Emitted by heroes once a hero's generation has completed (its event id is the hero id). */
export interface HeroCompletedEvent {
  heroId: string;
  userId: string;
  heroName: string;
  paymentStatus: PaymentStatus;
  completedAt: string;
}

/**
 * A storybook's story plan as the storybook service keeps it: a JSON document made and revised by the
 * generation workers (its shape is the AI library's StoryPlan); storybook stores it and hands it back
 * without reading inside, so its `version` tells a reader which shape it holds.
 */
export interface StoryPlanDocument {
  version: number;
  [field: string]: unknown;
}

/** What one chapter's picture shows, from the plan (its shape is the AI library's PlannedScene). */
export interface ChapterSceneDocument {
  place: string;
  landscape: string;
  [field: string]: unknown;
}

/** One of the story's cast as the illustrator needs it: who, and what they are. */
export interface CastMemberRef {
  name: string;
  kind: string;
}

/** The writer of chapter `chapterNumber` asks what it continues. */
export interface StoryContextQuery {
  storyBookId: string;
  chapterNumber: number;
}

export interface StoryContextDto {
  /** Null until the first chapter is written (the writer then makes the plan). */
  storyPlan: StoryPlanDocument | null;
  /** Every written chapter before `chapterNumber`, oldest first. */
  previousChapters: { chapterNumber: number; title: string; summary: string }[];
}

export interface ChapterGeneratedEvent {
  storyBookId: string;
  chapterNumber: number;
  attempt: number;
  title: string;
  /** Markdown of 600–1,200 words starting with the title as a heading. */
  content: string;
  /** A few sentences handed to the writer of the next chapter. */
  summary: string;
  provider: string;
  /** The story plan as revised for this chapter; kept with the storybook for the next one. */
  storyPlan?: StoryPlanDocument;
  /** This chapter's scene from the plan: its illustration draws it. */
  scene?: ChapterSceneDocument;
}

export interface ChapterGenerationFailedEvent {
  storyBookId: string;
  chapterNumber: number;
  attempt: number;
  reason: string;
  quotaExceeded: boolean;
}

/** Emitted by generation once a chapter's illustration is stored (event id: the illustration job's id). */
export interface ChapterIllustratedEvent {
  storyBookId: string;
  chapterNumber: number;
  attempt: number;
  /** Storage keys without extension; each exists as .png and .webp. */
  fullKey: string;
  previewKey: string;
  width: number;
  height: number;
  /** What the picture shows, in words (its alt text). */
  alt: string;
  provider: string;
}

export interface ChapterIllustrationFailedEvent {
  storyBookId: string;
  chapterNumber: number;
  attempt: number;
  reason: string;
  quotaExceeded: boolean;
}

/** The book's chapters for its export: the unlocked, written ones, in order. */
export interface BookChapterDto {
  chapterNumber: number;
  title: string;
  /** Markdown, as written. */
  content: string;
  /** The full-quality illustration (PNG) in object storage, or null while it is not drawn. */
  illustrationKey: string | null;
}

export interface BookChaptersDto {
  storyBookId: string;
  chapters: BookChapterDto[];
}
