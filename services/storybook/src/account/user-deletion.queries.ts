import type { Sql } from '@starborn/database';
import type { ReleaseSchedule } from '../releases/release.queue.js';

/** The user's storybooks, with what names their scheduled release job. */
export function storybooksOf(sql: Sql, userId: string): Promise<ReleaseSchedule[]> {
  return sql<ReleaseSchedule>(
    `SELECT "id", "chapters_unlocked_count", "next_release_at" FROM "storybook"."storybooks" WHERE "user_id" = $1`,
    [userId],
  );
}

/**
 * Deletes the user's chapter credits and storybooks (their chapters go with them, ON DELETE CASCADE).
 * Answers how many storybooks went.
 */
export async function deleteStorybooksOf(sql: Sql, userId: string): Promise<number> {
  await sql(`DELETE FROM "storybook"."chapter_credits" WHERE "user_id" = $1`, [userId]);
  const rows = await sql(`DELETE FROM "storybook"."storybooks" WHERE "user_id" = $1 RETURNING "id"`, [
    userId,
  ]);
  return rows.length;
}
