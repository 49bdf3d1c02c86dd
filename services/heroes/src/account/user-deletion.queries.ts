import type { Sql } from '@starborn/database';

export interface OwnedHero {
  id: string;
  name: string;
}

/** Every hero the user owns, with its name (job records are searched for it too). */
export function heroesOf(sql: Sql, ownerId: string): Promise<OwnedHero[]> {
  return sql<OwnedHero>(`SELECT "id", "name" FROM "heroes"."heroes" WHERE "owner_id" = $1`, [ownerId]);
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
