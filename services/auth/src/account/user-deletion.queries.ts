import type { Sql } from '@starborn/database';

/**
 * The user's support requests and the user go, and a pending deletion is recorded: run in one
 * transaction, the account cannot disappear without its `user.deleted` being owed. False when the
 * user did not exist (anymore).
 */
export async function deleteUserRecordingDeletion(sql: Sql, userId: string): Promise<boolean> {
  await sql(`DELETE FROM "auth"."support_requests" WHERE "user_id" = $1`, [userId]);
  const deleted = await sql(`DELETE FROM "auth"."users" WHERE "id" = $1 RETURNING "id"`, [userId]);
  if (deleted.length === 0) return false;
  await sql(
    `INSERT INTO "auth"."user_deletions" ("user_id") VALUES ($1) ON CONFLICT ("user_id") DO NOTHING`,
    [userId],
  );
  return true;
}

/** Deletions whose event has not reached the bus, oldest first. */
export async function pendingDeletions(sql: Sql, limit: number): Promise<string[]> {
  const rows = await sql<{ user_id: string }>(
    `SELECT "user_id" FROM "auth"."user_deletions" ORDER BY "deleted_at" LIMIT $1`,
    [limit],
  );
  return rows.map((row) => row.user_id);
}

/** The event is on the bus: nothing of the user is kept here any longer. */
export async function forgetDeletion(sql: Sql, userId: string): Promise<void> {
  await sql(`DELETE FROM "auth"."user_deletions" WHERE "user_id" = $1`, [userId]);
}
