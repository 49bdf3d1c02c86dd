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
 * participation goes. Answers the rooms closed and the heroes' ids. Once the participation rows are gone a
 * second run finds nothing, and changes nothing.
 */
export async function anonymiseUserInRooms(
  sql: Sql,
  userId: string,
  now: Date,
): Promise<{ closed: RoomRow[]; heroIds: string[] }> {
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
  return { closed, heroIds: heroIds.filter((id): id is string => Boolean(id)) };
}

/** A name a hero of the deleted user went by in a room. */
export interface NamedHero {
  roomId: string;
  name: string;
}

/**
 * Where the user's heroes were named, and by what name: the rooms they take part in and those whose
 * history holds their lines (a hero that left is still in the conversation). Read before
 * anonymiseUserInRooms forgets both.
 */
export async function namedHeroesOf(sql: Sql, userId: string): Promise<NamedHero[]> {
  const rows = await sql<{ room_id: string; name: string }>(
    `SELECT "room_id", "name" FROM "rooms"."participants" WHERE "user_id" = $1 AND "name" IS NOT NULL
     UNION
     SELECT m."room_id", m."sender_name" FROM "rooms"."messages" m
      WHERE m."kind" = 'hero' AND m."sender_name" IS NOT NULL
        AND m."sender_id" IN (SELECT "hero_id" FROM "rooms"."participants" WHERE "user_id" = $1
                              UNION SELECT "creator_hero_id" FROM "rooms"."rooms" WHERE "creator_user_id" = $1)`,
    [userId],
  );
  return rows.map((row) => ({ roomId: row.room_id, name: row.name }));
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The patterns that find a hero's name in the narrator's prose: the whole name in any case, then each
 * capitalised part of three letters or more on its own ("Vesper" of "Vesper Quillon"), as whole words.
 */
export function namePatterns(name: string): { pattern: string; flags: string }[] {
  const word = (text: string) => `(?:^|(?<=\\W))${escapeRegex(text)}(?=\\W|$)`;
  const parts = name
    .split(/\s+/)
    .filter((part) => part.length >= 3 && part !== name && /^\p{Lu}/u.test(part));
  return [
    { pattern: word(name), flags: 'gi' },
    ...parts.map((part) => ({ pattern: word(part), flags: 'g' })),
  ];
}

/**
 * The narrator's lines of those rooms no longer name those heroes: each mention becomes "a departed
 * hero", so the story still reads. Answers how many lines changed.
 */
export async function scrubNarration(sql: Sql, named: NamedHero[]): Promise<number> {
  let changed = 0;
  for (const { roomId, name } of named) {
    for (const { pattern, flags } of namePatterns(name)) {
      const rows = await sql(
        `UPDATE "rooms"."messages" SET "content" = regexp_replace("content", $2, $3, $4)
          WHERE "room_id" = $1 AND "kind" = 'narrator' AND "content" ~* $2 RETURNING "id"`,
        [roomId, pattern, DEPARTED_HERO_NAME, flags],
      );
      changed += rows.length;
    }
  }
  return changed;
}
