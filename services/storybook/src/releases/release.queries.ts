import type { Sql } from '@starborn/database';
import { askNextChapters } from '../chapters/chapter.queries.js';

/** What a release returns: enough to schedule the story's following release. */
export interface ReleasedRow {
  id: string;
  hero_id: string;
  started_at: Date | null;
  chapters_unlocked_count: number;
  chapters_total_count: number;
  next_release_at: Date | null;
}

const RETURNING = 'id, hero_id, started_at, chapters_unlocked_count, chapters_total_count, next_release_at';

/**
 * One scheduled release: unlocks exactly the expected chapter, only if it is due and nobody made it
 * already (a sweep, another attempt of the job). next_release_at then moves by itself (generated column).
 */
export const RELEASE_ONE_SQL = `
  UPDATE storybook.storybooks
     SET chapters_unlocked_count = chapters_unlocked_count + 1, updated_at = $3
   WHERE id = $1 AND chapters_unlocked_count = $2 AND next_release_at <= $3
  RETURNING ${RETURNING}`;

/**
 * The sweep's release: every due story, one chapter each, oldest due first, found through the partial
 * index on next_release_at so the rows read follow the due count. Rows another transaction is updating
 * (a scheduled release, a pack unlock) are skipped, not waited for: that one is making the change.
 * NO KEY UPDATE, not UPDATE: a chapter being inserted for the story holds a key-share lock on it, which
 * must not hide the story from the sweep. The update reaches the locked rows by ctid (a TID scan of the
 * rows just read), not through the primary key: each due story is looked up once. A row that another
 * transaction changed after this statement began is left to the next batch (its new version is not
 * visible to this statement); it is never released twice.
 */
export const RELEASE_DUE_SQL = `
  WITH due AS (
    SELECT ctid FROM storybook.storybooks
     WHERE next_release_at <= $1
     ORDER BY next_release_at
     LIMIT $2
     FOR NO KEY UPDATE SKIP LOCKED
  )
  UPDATE storybook.storybooks s
     SET chapters_unlocked_count = s.chapters_unlocked_count + 1, updated_at = $1
   WHERE s.ctid = ANY (ARRAY(SELECT ctid FROM due))
  RETURNING ${RETURNING}`;

/** Releases one chapter of one story if due; in a transaction with the chapters it lets be written. */
export async function releaseOne(sql: Sql, storyBookId: string, chapterNumber: number, now: Date) {
  const released = await sql<ReleasedRow>(RELEASE_ONE_SQL, [storyBookId, chapterNumber - 1, now]);
  const chapterJobs = await askNextChapters(sql, released, now);
  return { released, chapterJobs };
}

/** One batch of the sweep; call it in a transaction, again until it releases nothing. */
export async function releaseDueBatch(sql: Sql, now: Date, batch: number) {
  const released = await sql<ReleasedRow>(RELEASE_DUE_SQL, [now, batch]);
  const chapterJobs = await askNextChapters(sql, released, now);
  return { released, chapterJobs };
}
