import {
  DELETED_HERO_ID,
  DELETED_USER_ID,
  DEPARTED_HERO_NAME,
  DEPARTED_SENDER_ID,
} from '@starborn/contracts';
import type { Sql } from '@starborn/database';
import type { RoomRow } from '../rooms/room.queries.js';

/** How the room's own lines (joins, leaves) and titles name a departed hero at the start of a sentence. */
const DEPARTED_HERO_SUBJECT = DEPARTED_HERO_NAME.charAt(0).toUpperCase() + DEPARTED_HERO_NAME.slice(1);

/**
 * Everything of the user in rooms, in one transaction (the caller's): their heroes' messages stay in
 * the history as from "a departed hero" (no hero id, name or avatar), and so do the room's join and
 * leave lines about them; the rooms they host close, with creator and host anonymised, and the
 * hero's name leaves the titles of the rooms it created ("Nova's Starlit Pilgrimage"); their
 * participation goes. Answers the rooms closed. Once the participation rows are gone a
 * second run finds nothing, and changes nothing.
 */
export async function anonymiseUserInRooms(sql: Sql, userId: string, now: Date): Promise<RoomRow[]> {
  const heroes = await sql<{ room_id: string | null; hero_id: string; name: string | null }>(
    `SELECT "room_id", "hero_id", "name" FROM "rooms"."participants" WHERE "user_id" = $1
     UNION SELECT NULL, "creator_hero_id", NULL FROM "rooms"."rooms" WHERE "creator_user_id" = $1
     UNION SELECT NULL, "host_hero_id", NULL FROM "rooms"."rooms" WHERE "host_user_id" = $1`,
    [userId],
  );
  const heroIds = [...new Set(heroes.map((hero) => hero.hero_id))];
  await sql(
    `UPDATE "rooms"."messages" SET "sender_id" = $2, "sender_name" = $3, "sender_avatar" = NULL
      WHERE "kind" = 'hero' AND "sender_id" = ANY($1::text[])`,
    [heroIds, DEPARTED_SENDER_ID, DEPARTED_HERO_NAME],
  );
  // "<name> joined the story": the room's lines start with the hero's name.
  for (const hero of heroes) {
    if (!hero.room_id || !hero.name) continue;
    await sql(
      `UPDATE "rooms"."messages" SET "content" = $3 || substr("content", length($2) + 1)
        WHERE "room_id" = $1 AND "kind" = 'system' AND starts_with("content", $2 || ' ')`,
      [hero.room_id, hero.name, DEPARTED_HERO_SUBJECT],
    );
  }
  await sql(
    `UPDATE "rooms"."rooms"
        SET "title" = replace("title", "creator_name", $5),
            "creator_user_id" = $2, "creator_hero_id" = $3, "creator_name" = $4
      WHERE "creator_user_id" = $1`,
    [userId, DELETED_USER_ID, DELETED_HERO_ID, DEPARTED_HERO_NAME, DEPARTED_HERO_SUBJECT],
  );
  const closed = await sql<RoomRow>(
    `UPDATE "rooms"."rooms"
        SET "closed_at" = COALESCE("closed_at", $2), "narrator_typing_since" = NULL,
            "host_user_id" = $3, "host_hero_id" = $4
      WHERE "host_user_id" = $1 RETURNING *`,
    [userId, now, DELETED_USER_ID, DELETED_HERO_ID],
  );
  await sql(`DELETE FROM "rooms"."participants" WHERE "user_id" = $1`, [userId]);
  return closed;
}
