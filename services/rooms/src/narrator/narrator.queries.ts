import type { Sql } from '@starborn/database';

/** The narrator's latest `limit` lines in a room, oldest first. */
export async function narratorLines(sql: Sql, roomId: string, limit: number): Promise<string[]> {
  const rows = await sql<{ content: string }>(
    `SELECT m."content" FROM "rooms"."messages" m
      WHERE m."room_id" = $1 AND m."kind" = 'narrator'
      ORDER BY m."created_at" DESC, m."seq" DESC LIMIT $2`,
    [roomId, limit],
  );
  return rows.map((row) => row.content).reverse();
}
