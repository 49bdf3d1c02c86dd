import {
  CHAPTERS_WRITTEN_AHEAD,
  type ChapterGeneratedEvent,
  type ChapterGenerationJob,
  type StoryContextDto,
} from '@starborn/contracts';
import type { Sql } from '@starborn/database';

interface ChapterJobRow {
  storybook_id: string;
  hero_id: string;
  chapter_number: number;
  chapters_total_count: number;
  attempt: number;
  previous_number: number | null;
  previous_title: string | null;
  previous_summary: string | null;
}

function toJob(row: ChapterJobRow): ChapterGenerationJob {
  return {
    storyBookId: row.storybook_id,
    heroId: row.hero_id,
    chapterNumber: row.chapter_number,
    chaptersTotalCount: row.chapters_total_count,
    previousChapter:
      row.previous_number === null
        ? null
        : {
            chapterNumber: row.previous_number,
            title: row.previous_title ?? '',
            summary: row.previous_summary ?? '',
          },
    attempt: row.attempt,
  };
}

/** The chapters a story keeps written: 1 … min(total, unlocked + CHAPTERS_WRITTEN_AHEAD). */
const WINDOW_END = `LEAST(s.chapters_total_count, s.chapters_unlocked_count + ${CHAPTERS_WRITTEN_AHEAD})`;

/** The state of a story that decides which chapter to ask for next. */
export interface StoryWindow {
  id: string;
  hero_id: string;
  started_at: Date | null;
  chapters_total_count: number;
  chapters_unlocked_count: number;
}

/**
 * Asks for the next chapter of each given story when its window allows it and the chapter before is
 * ready (chapters are written in order, each from the summary of the one before). Runs in the same
 * transaction as whatever widened the window, with the story rows as that transaction locked and
 * changed them (so the storybooks table is not read again); the returned jobs are queued after commit.
 * Two callers at once insert the row once (primary key), so one job is asked.
 */
export async function askNextChapters(sql: Sql, stories: StoryWindow[], now: Date) {
  const started = stories.filter((story) => story.started_at !== null);
  if (started.length === 0) return [];
  const rows = await sql<ChapterJobRow>(
    `WITH s AS (
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[], $4::int[])
         AS s (id, hero_id, chapters_total_count, chapters_unlocked_count)
     ), frontier AS (
       SELECT s.id, s.hero_id, s.chapters_total_count,
              last.chapter_number AS previous_number, last.title AS previous_title, last.summary AS previous_summary
       FROM s
       LEFT JOIN LATERAL (
         SELECT c.chapter_number, c.status, c.title, c.summary FROM storybook.chapters c
         WHERE c.storybook_id = s.id ORDER BY c.chapter_number DESC LIMIT 1
       ) last ON true
       WHERE (last.chapter_number IS NULL OR last.status = 'ready')
         AND COALESCE(last.chapter_number, 0) < ${WINDOW_END}
     ), asked AS (
       INSERT INTO storybook.chapters (storybook_id, chapter_number, status, attempt, requested_at)
       SELECT id, COALESCE(previous_number, 0) + 1, 'generating', 1, $5 FROM frontier
       ON CONFLICT DO NOTHING
       RETURNING storybook_id, chapter_number, attempt
     )
     SELECT a.storybook_id, f.hero_id, a.chapter_number, f.chapters_total_count, a.attempt,
            f.previous_number, f.previous_title, f.previous_summary
     FROM asked a JOIN frontier f ON f.id = a.storybook_id`,
    [
      started.map((story) => story.id),
      started.map((story) => story.hero_id),
      started.map((story) => story.chapters_total_count),
      started.map((story) => story.chapters_unlocked_count),
      now,
    ],
  );
  return rows.map(toJob);
}

/**
 * A chapter's text arrived: applied once, and only for the attempt that is current. Its illustration
 * is asked at the same time (attempt 1), its job queued after commit.
 */
export async function storeGeneratedChapter(
  sql: Sql,
  chapter: ChapterGeneratedEvent,
  now: Date,
): Promise<boolean> {
  // 'error' too: a result of the current attempt that comes after we stopped waiting for it is still good.
  const rows = await sql(
    `UPDATE storybook.chapters
       SET status = 'ready', title = $4, content = $5, summary = $6, provider = $7, generated_at = $8,
           failure_reason = NULL, illustration_attempt = 1, illustration_requested_at = $8, scene = $9
     WHERE storybook_id = $1 AND chapter_number = $2 AND attempt = $3 AND status IN ('generating', 'error')
     RETURNING chapter_number`,
    [
      chapter.storyBookId,
      chapter.chapterNumber,
      chapter.attempt,
      chapter.title,
      chapter.content,
      chapter.summary,
      chapter.provider,
      now,
      chapter.scene ?? null,
    ],
  );
  // The plan revised for this chapter is the newest: chapters are written in order, one at a time.
  if (rows.length === 1 && chapter.storyPlan) {
    await sql(`UPDATE storybook.storybooks SET story_plan = $2 WHERE id = $1`, [
      chapter.storyBookId,
      chapter.storyPlan,
    ]);
  }
  return rows.length === 1;
}

/**
 * What the writer of chapter `chapterNumber` continues: the story plan and every written chapter
 * before it, oldest first. Null when the storybook is gone.
 */
export async function storyContext(
  sql: Sql,
  storyBookId: string,
  chapterNumber: number,
): Promise<StoryContextDto | null> {
  const [story] = await sql<{ story_plan: StoryContextDto['storyPlan'] }>(
    `SELECT story_plan FROM storybook.storybooks WHERE id = $1`,
    [storyBookId],
  );
  if (!story) return null;
  const chapters = await sql<{ chapter_number: number; title: string; summary: string }>(
    `SELECT chapter_number, title, summary FROM storybook.chapters
     WHERE storybook_id = $1 AND chapter_number < $2 AND status = 'ready'
     ORDER BY chapter_number`,
    [storyBookId, chapterNumber],
  );
  return {
    storyPlan: story.story_plan,
    previousChapters: chapters.map((row) => ({
      chapterNumber: row.chapter_number,
      title: row.title ?? '',
      summary: row.summary ?? '',
    })),
  };
}

export async function markChapterFailed(
  sql: Sql,
  chapter: { storyBookId: string; chapterNumber: number; attempt: number },
  reason: string,
): Promise<boolean> {
  const rows = await sql(
    `UPDATE storybook.chapters SET status = 'error', failure_reason = $4
     WHERE storybook_id = $1 AND chapter_number = $2 AND attempt = $3 AND status = 'generating'
     RETURNING chapter_number`,
    [chapter.storyBookId, chapter.chapterNumber, chapter.attempt, reason.slice(0, 2_000)],
  );
  return rows.length === 1;
}

const JOB_DETAILS = `
  SELECT a.storybook_id, s.hero_id, a.chapter_number, s.chapters_total_count, a.attempt,
         p.chapter_number AS previous_number, p.title AS previous_title, p.summary AS previous_summary
  FROM touched a
  JOIN storybook.storybooks s ON s.id = a.storybook_id
  LEFT JOIN storybook.chapters p ON p.storybook_id = a.storybook_id AND p.chapter_number = a.chapter_number - 1`;

/**
 * Failed chapters inside their window are asked again, with the next attempt (a quota outage heals on
 * its own). Locked rows are skipped: another instance's sweep has them.
 */
export async function askFailedAgain(sql: Sql, now: Date, limit: number) {
  const rows = await sql<ChapterJobRow>(
    `WITH due AS (
       SELECT c.storybook_id, c.chapter_number FROM storybook.chapters c
       JOIN storybook.storybooks s ON s.id = c.storybook_id
       -- "<> 'ready'" repeats the partial index's predicate, so the planner picks that index.
       WHERE c.status = 'error' AND c.status <> 'ready' AND c.chapter_number <= ${WINDOW_END}
       ORDER BY c.requested_at LIMIT $2
       FOR UPDATE OF c SKIP LOCKED
     ), touched AS (
       UPDATE storybook.chapters c
         SET status = 'generating', attempt = c.attempt + 1, failure_reason = NULL, requested_at = $1
       FROM due WHERE c.storybook_id = due.storybook_id AND c.chapter_number = due.chapter_number
       RETURNING c.storybook_id, c.chapter_number, c.attempt
     )${JOB_DETAILS}`,
    [now, limit],
  );
  return rows.map(toJob);
}

/**
 * Chapters asked for before `cutoff` and still not written: their requested_at moves to now (so the
 * next check is one period later) and they are returned for a look at their job.
 */
export async function touchStaleChapters(sql: Sql, cutoff: Date, now: Date, limit: number) {
  const rows = await sql<ChapterJobRow>(
    `WITH stale AS (
       SELECT storybook_id, chapter_number FROM storybook.chapters
       WHERE status = 'generating' AND status <> 'ready' AND requested_at <= $1
       ORDER BY requested_at LIMIT $3
       FOR UPDATE SKIP LOCKED
     ), touched AS (
       UPDATE storybook.chapters c SET requested_at = $2
       FROM stale WHERE c.storybook_id = stale.storybook_id AND c.chapter_number = stale.chapter_number
       RETURNING c.storybook_id, c.chapter_number, c.attempt
     )${JOB_DETAILS}`,
    [cutoff, now, limit],
  );
  return rows.map(toJob);
}
