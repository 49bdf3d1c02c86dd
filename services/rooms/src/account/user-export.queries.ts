import type { Sql } from '@starborn/database';

export interface ExportMessageRow {
  id: string;
  room_id: string;
  room_title: string;
  hero_id: string;
  hero_name: string;
  content: string;
  created_at: Date;
}

/**
 * The messages the user's heroes wrote, oldest first: a hero message's sender is a hero, and the room's
 * participant row says whose hero it is. Narrator and system lines are nobody's.
 */
export function messagesWrittenBy(sql: Sql, userId: string): Promise<ExportMessageRow[]> {
  return sql<ExportMessageRow>(
    `SELECT m."id", m."room_id", r."title" AS "room_title", m."sender_id" AS "hero_id",
            m."sender_name" AS "hero_name", m."content", m."created_at"
       FROM "rooms"."messages" m
       JOIN "rooms"."rooms" r ON r."id" = m."room_id"
       JOIN "rooms"."participants" p ON p."room_id" = m."room_id" AND p."hero_id" = m."sender_id"
      WHERE m."kind" = 'hero' AND p."user_id" = $1
      ORDER BY m."created_at", m."seq"`,
    [userId],
  );
}
