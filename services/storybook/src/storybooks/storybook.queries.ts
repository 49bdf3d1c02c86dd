import {
  NON_PREMIUM_STORY_CHAPTERS,
  PREMIUM_CHAPTERS_UNLOCKED_AT_PROMOTION,
  PREMIUM_STORY_CHAPTERS,
  type ChapterStatus,
} from '@starborn/contracts';
import type { Sql } from '@starborn/database';

/** A storybooks row as PostgreSQL returns it. */
export interface StorybookRow {
  id: string;
  hero_id: string;
  user_id: string;
  hero_name: string | null;
  started_at: Date | null;
  is_premium: boolean;
  chapters_total_count: number;
  chapters_unlocked_count: number;
  initial_chapter_generated_at: Date | null;
  next_release_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface ChapterSummaryRow {
  chapter_number: number;
  status: Exclude<ChapterStatus, 'pending'>;
  title: string | null;
  content: string | null;
  /** The stored illustration's keys (without extension), size and words; null until it is drawn. */
  illustration_full_key: string | null;
  illustration_preview_key: string | null;
  illustration_width: number | null;
  illustration_height: number | null;
  illustration_alt: string | null;
}

// Serialises the changes to one story (releases, packs, chapter results), each of which then decides
// from the row which chapter to ask next. NO KEY UPDATE: chapter inserts (key-share locks) go on.
const LOCK = ' FOR NO KEY UPDATE';

const COLUMNS = `id, hero_id, user_id, hero_name, started_at, is_premium, chapters_total_count,
  chapters_unlocked_count, initial_chapter_generated_at, next_release_at, created_at, updated_at`;

/**
 * hero.completed: the story starts. A row a premium payment made earlier is completed (4 unlocked, since
 * it is premium); otherwise a new story with chapter 1 unlocked. A repeat changes nothing. Of the chapters
 * a premium story starts with, all but the first are unlocked early: its daily releases start one day
 * after chapter 1 (see the release clock migration).
 */
export async function startStory(
  sql: Sql,
  story: { heroId: string; userId: string; heroName: string; premium: boolean; now: Date },
): Promise<void> {
  const unlocked = `GREATEST(s.chapters_unlocked_count, EXCLUDED.chapters_unlocked_count,
         CASE WHEN s.is_premium THEN $8::int ELSE $9::int END)`;
  await sql(
    `INSERT INTO storybook.storybooks AS s
       (hero_id, user_id, hero_name, started_at, is_premium, premium_at, chapters_total_count,
        chapters_unlocked_count, chapters_unlocked_early, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, CASE WHEN $5 THEN $4::timestamptz END, $6, $7, $7::int - 1, $4, $4)
     ON CONFLICT (hero_id) DO UPDATE SET
       hero_name = EXCLUDED.hero_name,
       started_at = EXCLUDED.started_at,
       is_premium = s.is_premium OR EXCLUDED.is_premium,
       premium_at = COALESCE(s.premium_at, EXCLUDED.premium_at),
       chapters_total_count = GREATEST(s.chapters_total_count, EXCLUDED.chapters_total_count),
       chapters_unlocked_count = ${unlocked},
       chapters_unlocked_early = ${unlocked} - 1,
       updated_at = EXCLUDED.updated_at
     WHERE s.user_id = EXCLUDED.user_id AND s.started_at IS NULL`,
    [
      story.heroId,
      story.userId,
      story.heroName,
      story.now,
      story.premium,
      story.premium ? PREMIUM_STORY_CHAPTERS : NON_PREMIUM_STORY_CHAPTERS,
      story.premium ? PREMIUM_CHAPTERS_UNLOCKED_AT_PROMOTION : 1,
      PREMIUM_CHAPTERS_UNLOCKED_AT_PROMOTION,
      1,
    ],
  );
}

/**
 * payment.succeeded (premium_upgrade): premium, 10 chapters, at least 4 unlocked once the story has
 * started; before that, a premium row with nothing unlocked that hero.completed completes. Applied once:
 * a story already premium is left as it is (its releases may have moved on). The daily releases start
 * from the promotion: all but one of the chapters unlocked then count as unlocked early.
 */
export async function promote(
  sql: Sql,
  payment: { heroId: string; userId: string; paymentIntentId: string; now: Date },
): Promise<void> {
  const unlocked = `CASE WHEN s.started_at IS NULL THEN s.chapters_unlocked_count
         ELSE GREATEST(s.chapters_unlocked_count, $5) END`;
  await sql(
    `INSERT INTO storybook.storybooks AS s
       (hero_id, user_id, is_premium, premium_at, premium_payment_intent_id, chapters_total_count,
        chapters_unlocked_count, created_at, updated_at)
     VALUES ($1, $2, true, $6, $3, $4, 0, $6, $6)
     ON CONFLICT (hero_id) DO UPDATE SET
       is_premium = true,
       premium_at = EXCLUDED.premium_at,
       premium_payment_intent_id = EXCLUDED.premium_payment_intent_id,
       chapters_total_count = GREATEST(s.chapters_total_count, $4),
       chapters_unlocked_count = ${unlocked},
       chapters_unlocked_early = GREATEST(0, ${unlocked} - 1),
       updated_at = EXCLUDED.updated_at
     WHERE s.user_id = EXCLUDED.user_id AND NOT s.is_premium`,
    [
      payment.heroId,
      payment.userId,
      payment.paymentIntentId,
      PREMIUM_STORY_CHAPTERS,
      PREMIUM_CHAPTERS_UNLOCKED_AT_PROMOTION,
      payment.now,
    ],
  );
}

type FindOptions = { lock?: boolean };

/** The owner's started story of a hero (a pre-paid row before hero.completed is nobody's story yet). */
export const findByHero = (sql: Sql, heroId: string, userId: string, options?: FindOptions) =>
  findStarted(sql, 'hero_id', heroId, userId, options);

export const findById = (sql: Sql, id: string, userId: string, options?: FindOptions) =>
  findStarted(sql, 'id', id, userId, options);

async function findStarted(
  sql: Sql,
  key: 'id' | 'hero_id',
  value: string,
  userId: string,
  { lock = false }: FindOptions = {},
): Promise<StorybookRow | undefined> {
  const [row] = await sql<StorybookRow>(
    `SELECT ${COLUMNS} FROM storybook.storybooks
     WHERE ${key} = $1 AND user_id = $2 AND started_at IS NOT NULL${lock ? LOCK : ''}`,
    [value, userId],
  );
  return row;
}

/**
 * The row whatever its state, locked for the rest of the transaction: event handlers read it after
 * their change and decide from it which chapter to ask next, so no release may move it meanwhile.
 */
export async function lockByHero(sql: Sql, heroId: string, userId: string) {
  const [row] = await sql<StorybookRow>(
    `SELECT ${COLUMNS} FROM storybook.storybooks WHERE hero_id = $1 AND user_id = $2${LOCK}`,
    [heroId, userId],
  );
  return row;
}

export async function lockById(sql: Sql, id: string) {
  const [row] = await sql<StorybookRow>(`SELECT ${COLUMNS} FROM storybook.storybooks WHERE id = $1${LOCK}`, [
    id,
  ]);
  return row;
}

/**
 * Sets chapter counts decided under the row lock (chapter packs). The chapters a pack unlocks are
 * unlocked early: the next daily release stays when it was. next_release_at follows by itself.
 */
export async function setChapterCounts(
  sql: Sql,
  id: string,
  counts: { total: number; unlocked: number },
  now: Date,
): Promise<StorybookRow> {
  const [row] = await sql<StorybookRow>(
    `UPDATE storybook.storybooks
       SET chapters_total_count = $2, chapters_unlocked_count = $3, updated_at = $4,
           chapters_unlocked_early = chapters_unlocked_early + ($3 - chapters_unlocked_count)
     WHERE id = $1
     RETURNING ${COLUMNS}`,
    [id, counts.total, counts.unlocked, now],
  );
  return row!;
}

/** Chapter 1 is written: the daily clock of a premium story starts from this moment (set once). */
export async function markInitialChapterWritten(sql: Sql, id: string, now: Date) {
  const [row] = await sql<StorybookRow>(
    `UPDATE storybook.storybooks
       SET initial_chapter_generated_at = $2, updated_at = $2
     WHERE id = $1 AND initial_chapter_generated_at IS NULL
     RETURNING ${COLUMNS}`,
    [id, now],
  );
  return row;
}

export async function chaptersOf(sql: Sql, storybookId: string): Promise<ChapterSummaryRow[]> {
  return sql<ChapterSummaryRow>(
    `SELECT chapter_number, status, title, content, illustration_full_key, illustration_preview_key,
            illustration_width, illustration_height, illustration_alt
     FROM storybook.chapters
     WHERE storybook_id = $1 ORDER BY chapter_number`,
    [storybookId],
  );
}

export interface BookChapterRow {
  chapter_number: number;
  title: string;
  content: string;
  illustration_full_key: string | null;
}

/** The written chapters the reader has unlocked, in order: what the story's book is made of. */
export async function bookChaptersOf(sql: Sql, story: StorybookRow): Promise<BookChapterRow[]> {
  return sql<BookChapterRow>(
    `SELECT chapter_number, title, content, illustration_full_key FROM storybook.chapters
     WHERE storybook_id = $1 AND status = 'ready' AND chapter_number <= $2
     ORDER BY chapter_number`,
    [story.id, story.chapters_unlocked_count],
  );
}
