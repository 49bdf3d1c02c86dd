import type { Sql } from '@starborn/database';

/** The ids of every hero the user owns. */
export async function heroIdsOf(sql: Sql, ownerId: string): Promise<string[]> {
  const rows = await sql<{ id: string }>(`SELECT "id" FROM "heroes"."heroes" WHERE "owner_id" = $1`, [
    ownerId,
  ]);
  return rows.map((row) => row.id);
}

/**
 * Deletes the user's heroes; their images and share links go with them (ON DELETE CASCADE), so a
 * shared link answers "not found" from now on. Answers the ids deleted.
 */
export async function deleteHeroesOf(sql: Sql, ownerId: string): Promise<string[]> {
  const rows = await sql<{ id: string }>(
    `DELETE FROM "heroes"."heroes" WHERE "owner_id" = $1 RETURNING "id"`,
    [ownerId],
  );
  return rows.map((row) => row.id);
}
