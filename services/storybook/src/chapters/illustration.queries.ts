import type {
  ChapterIllustratedEvent,
  ChapterIllustrationJob,
  ChapterSceneDocument,
  StoryPlanDocument,
} from '@starborn/contracts';
import type { Sql } from '@starborn/database';
import { castOf } from './story-plan-document.js';

interface IllustrationJobRow {
  storybook_id: string;
  hero_id: string;
  chapter_number: number;
  title: string;
  content: string;
  illustration_attempt: number;
  scene: ChapterSceneDocument | null;
  story_plan: StoryPlanDocument | null;
}

function toJob(row: IllustrationJobRow): ChapterIllustrationJob {
  const cast = row.scene ? castOf(row.story_plan) : undefined;
  return {
    storyBookId: row.storybook_id,
    heroId: row.hero_id,
    chapterNumber: row.chapter_number,
    title: row.title,
    content: row.content,
    attempt: row.illustration_attempt,
    ...(row.scene ? { scene: row.scene } : {}),
    ...(cast ? { cast } : {}),
  };
}

/** The job of each touched chapter: its text and planned scene, its story's hero and cast, the attempt now current. */
const JOB_DETAILS = `
  SELECT c.storybook_id, s.hero_id, c.chapter_number, c.title, c.content, c.illustration_attempt, c.scene,
         s.story_plan
  FROM touched c JOIN storybook.storybooks s ON s.id = c.storybook_id`;

const TOUCHED_COLUMNS =
  'c.storybook_id, c.chapter_number, c.title, c.content, c.illustration_attempt, c.scene';

/**
 * A chapter's picture arrived: stored once, for the attempt that is current only (a failure recorded
 * meanwhile for that attempt is superseded: the picture is good).
 */
export async function storeIllustration(
  sql: Sql,
  event: ChapterIllustratedEvent,
  now: Date,
): Promise<boolean> {
  const rows = await sql(
    `UPDATE storybook.chapters
       SET illustration_full_key = $4, illustration_preview_key = $5, illustration_width = $6,
           illustration_height = $7, illustration_alt = $8, illustration_provider = $9, illustrated_at = $10,
           illustration_failed_at = NULL, illustration_failure = NULL
     WHERE storybook_id = $1 AND chapter_number = $2 AND illustration_attempt = $3
       AND status = 'ready' AND illustrated_at IS NULL
     RETURNING chapter_number`,
    [
      event.storyBookId,
      event.chapterNumber,
      event.attempt,
      event.fullKey,
      event.previewKey,
      event.width,
      event.height,
      event.alt,
      event.provider,
      now,
    ],
  );
  return rows.length === 1;
}

/** The current attempt failed for good: recorded once; the sweep asks again later. */
export async function markIllustrationFailed(
  sql: Sql,
  ref: { storyBookId: string; chapterNumber: number; attempt: number },
  reason: string,
  now: Date,
): Promise<boolean> {
  const rows = await sql(
    `UPDATE storybook.chapters SET illustration_failed_at = $4, illustration_failure = $5
     WHERE storybook_id = $1 AND chapter_number = $2 AND illustration_attempt = $3
       AND illustrated_at IS NULL AND illustration_failed_at IS NULL
     RETURNING chapter_number`,
    [ref.storyBookId, ref.chapterNumber, ref.attempt, now, reason.slice(0, 2_000)],
  );
  return rows.length === 1;
}

/**
 * Written chapters to illustrate (again): the ones never asked (written before illustrations existed,
 * or whose first request was lost before its commit), and the ones whose current attempt failed before
 * `retryBefore` and has attempts left. Each gets the next attempt. Locked rows are skipped: another
 * instance's sweep has them.
 */
export async function askIllustrations(
  sql: Sql,
  options: { now: Date; retryBefore: Date; maxAttempts: number; limit: number },
): Promise<ChapterIllustrationJob[]> {
  const rows = await sql<IllustrationJobRow>(
    `WITH due AS (
       SELECT storybook_id, chapter_number FROM storybook.chapters
       WHERE status = 'ready' AND illustrated_at IS NULL
         AND (illustration_attempt IS NULL
              OR (illustration_failed_at <= $2 AND illustration_attempt < $3))
       ORDER BY illustration_requested_at NULLS FIRST LIMIT $4
       FOR UPDATE SKIP LOCKED
     ), touched AS (
       UPDATE storybook.chapters c
         SET illustration_attempt = COALESCE(c.illustration_attempt, 0) + 1, illustration_requested_at = $1,
             illustration_failed_at = NULL, illustration_failure = NULL
       FROM due WHERE c.storybook_id = due.storybook_id AND c.chapter_number = due.chapter_number
       RETURNING ${TOUCHED_COLUMNS}
     )${JOB_DETAILS}`,
    [options.now, options.retryBefore, options.maxAttempts, options.limit],
  );
  return rows.map(toJob);
}

/**
 * Illustrations asked before `cutoff` that neither arrived nor failed: their requested time moves to
 * now (the next look is one period later) and they are returned for a look at their job.
 */
export async function touchStaleIllustrations(
  sql: Sql,
  cutoff: Date,
  now: Date,
  limit: number,
): Promise<ChapterIllustrationJob[]> {
  const rows = await sql<IllustrationJobRow>(
    `WITH stale AS (
       SELECT storybook_id, chapter_number FROM storybook.chapters
       WHERE status = 'ready' AND illustrated_at IS NULL AND illustration_failed_at IS NULL
         AND illustration_requested_at <= $1
       ORDER BY illustration_requested_at LIMIT $3
       FOR UPDATE SKIP LOCKED
     ), touched AS (
       UPDATE storybook.chapters c SET illustration_requested_at = $2
       FROM stale WHERE c.storybook_id = stale.storybook_id AND c.chapter_number = stale.chapter_number
       RETURNING ${TOUCHED_COLUMNS}
     )${JOB_DETAILS}`,
    [cutoff, now, limit],
  );
  return rows.map(toJob);
}
