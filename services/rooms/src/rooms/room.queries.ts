import {
  DEFAULT_ROOM_TITLE,
  type ChatMessageKind,
  type RoomHeroRef,
  type RoomRole,
} from '@starborn/contracts';
import type { Sql } from '@starborn/database';

/** The trigger id of a new room's opening line. */
export const NARRATOR_INTRO_TRIGGER = 'intro';

export interface RoomRow {
  id: string;
  title: string;
  creator_user_id: string;
  creator_hero_id: string;
  creator_name: string;
  hero_message_count: number;
  narrator_silent: boolean;
  narrator_typing_since: Date | null;
  created_at: Date;
  updated_at: Date;
  host_hero_id: string;
  host_user_id: string;
  invite_only: boolean;
  invite_token: string;
  closed_at: Date | null;
  /** The room's last hero message (null: none yet). */
  last_message_at: Date | null;
}

/** A lobby row: the room and its host hero's name and picture. */
export interface ActiveRoomRow extends RoomRow {
  host_name: string | null;
  host_avatar: string | null;
}

export interface ParticipantRow {
  room_id: string;
  hero_id: string;
  user_id: string;
  name: string;
  avatar: string | null;
  is_premium: boolean;
  role: RoomRole;
  western_sign: string | null;
  western_element: string | null;
  chinese_sign: string | null;
  chinese_element: string | null;
  joined_at: Date;
  last_seen_at: Date;
  /** Set when the host removed the hero's person: none of their heroes joins again. */
  removed_at: Date | null;
  /** When the room last announced that this hero left. */
  left_notice_at: Date | null;
  /** Since when the hero has had no socket in the room (null: in it now, or never left). */
  away_since: Date | null;
}

export interface MessageRow {
  id: string;
  room_id: string;
  kind: ChatMessageKind;
  sender_id: string;
  sender_name: string;
  sender_avatar: string | null;
  content: string;
  trigger_id: string | null;
  created_at: Date;
}

export interface NewMessage {
  roomId: string;
  kind: ChatMessageKind;
  senderId: string;
  senderName: string;
  senderAvatar: string | null;
  content: string;
  triggerId?: string | null;
  now: Date;
}

const MESSAGE_COLUMNS = `"id", "room_id", "kind", "sender_id", "sender_name", "sender_avatar", "content", "trigger_id", "created_at"`;

/** A new room, hosted by its creator; the narrator is writing its introduction from the start. */
export async function insertRoom(
  sql: Sql,
  room: { id: string; title: string | null; creator: RoomHeroRef; inviteToken: string; now: Date },
): Promise<RoomRow> {
  const [row] = await sql<RoomRow>(
    `INSERT INTO "rooms"."rooms"
       ("id", "title", "creator_user_id", "creator_hero_id", "creator_name", "created_at", "updated_at", "narrator_typing_since",
        "host_user_id", "host_hero_id", "invite_token")
     VALUES ($1, $2, $3, $4, $5, $6, $6, $6, $3, $4, $7)
     RETURNING *`,
    [
      room.id,
      room.title ?? DEFAULT_ROOM_TITLE,
      room.creator.userId,
      room.creator.heroId,
      room.creator.name,
      room.now,
      room.inviteToken,
    ],
  );
  return row!;
}

export async function findRoom(sql: Sql, roomId: string): Promise<RoomRow | undefined> {
  const [row] = await sql<RoomRow>(`SELECT * FROM "rooms"."rooms" WHERE "id" = $1`, [roomId]);
  return row;
}

/**
 * Open public rooms with a hero connected now, or a hero message (or, before any, their creation) since
 * `since`; those with someone in them first, then by their last message (invite-only and closed rooms are
 * never listed). Joins, leaves and the narrator's lines do not keep an empty room listed.
 */
export function activeRooms(
  sql: Sql,
  active: { since: Date; connectedRoomIds: string[] },
  limit: number,
): Promise<ActiveRoomRow[]> {
  return sql<ActiveRoomRow>(
    `SELECT r.*, h."name" AS "host_name", h."avatar" AS "host_avatar"
       FROM "rooms"."rooms" r
       LEFT JOIN "rooms"."participants" h ON h."room_id" = r."id" AND h."hero_id" = r."host_hero_id"
      WHERE (COALESCE(r."last_message_at", r."created_at") >= $1 OR r."id" = ANY($2::uuid[]))
        AND NOT r."invite_only" AND r."closed_at" IS NULL
      ORDER BY (r."id" = ANY($2::uuid[])) DESC, COALESCE(r."last_message_at", r."created_at") DESC, r."id"
      LIMIT $3`,
    [active.since, active.connectedRoomIds, limit],
  );
}

/**
 * Marks activity, and for a hero message counts it; returns the room's hero message count (null: no
 * open room of that id — a closed room takes no more activity).
 */
export async function touchRoom(
  sql: Sql,
  roomId: string,
  now: Date,
  countHeroMessage: boolean,
): Promise<number | null> {
  const [row] = await sql<{ hero_message_count: number }>(
    `UPDATE "rooms"."rooms"
        SET "updated_at" = GREATEST("updated_at", $2),
            "hero_message_count" = "hero_message_count" + $3,
            "last_message_at" = CASE WHEN $3 > 0 THEN GREATEST("last_message_at", $2) ELSE "last_message_at" END
      WHERE "id" = $1 AND "closed_at" IS NULL
      RETURNING "hero_message_count"`,
    [roomId, now, countHeroMessage ? 1 : 0],
  );
  return row ? row.hero_message_count : null;
}

/** The room is told the narrator is writing (a trigger at `at`). */
export async function startNarratorTyping(sql: Sql, roomId: string, at: Date): Promise<void> {
  await sql(
    `UPDATE "rooms"."rooms" SET "narrator_typing_since" = GREATEST("narrator_typing_since", $2) WHERE "id" = $1`,
    [roomId, at],
  );
}

/**
 * The narrator finished what it started writing at `startedAt`. Returns when it is writing still (a
 * later trigger is pending), null when it is done.
 */
export async function stopNarratorTyping(sql: Sql, roomId: string, startedAt: Date): Promise<Date | null> {
  const [row] = await sql<{ narrator_typing_since: Date | null }>(
    `UPDATE "rooms"."rooms"
        SET "narrator_typing_since" = CASE WHEN "narrator_typing_since" <= $2 THEN NULL ELSE "narrator_typing_since" END
      WHERE "id" = $1
      RETURNING "narrator_typing_since"`,
    [roomId, startedAt],
  );
  return row?.narrator_typing_since ?? null;
}

/**
 * When the room was told the narrator is writing for `triggerId`: the triggering hero message's time, or
 * the room's creation for the introduction. Undefined for a trigger this room does not know.
 */
export async function triggerStartedAt(
  sql: Sql,
  roomId: string,
  triggerId: string,
): Promise<Date | undefined> {
  if (triggerId === NARRATOR_INTRO_TRIGGER) {
    const [room] = await sql<{ created_at: Date }>(
      `SELECT "created_at" FROM "rooms"."rooms" WHERE "id" = $1`,
      [roomId],
    );
    return room?.created_at;
  }
  const [message] = await sql<{ created_at: Date }>(
    `SELECT "created_at" FROM "rooms"."messages" WHERE "room_id" = $1 AND "id"::text = $2 AND "kind" = 'hero'`,
    [roomId, triggerId],
  );
  return message?.created_at;
}

export async function setNarratorSilent(sql: Sql, roomId: string, silent: boolean): Promise<boolean> {
  // True when this call changed the flag (the first failure of a run, the first reply after one).
  const rows = await sql(
    `UPDATE "rooms"."rooms" SET "narrator_silent" = $2 WHERE "id" = $1 AND "narrator_silent" <> $2 RETURNING "id"`,
    [roomId, silent],
  );
  return rows.length > 0;
}

/**
 * Adds the hero's participant row or refreshes it; true when this call added it, undefined when the hero's
 * person (any of their heroes) was removed from the room (rows stay as they are). PostgreSQL decides (a
 * row inserted by this statement has no xmax), so of two simultaneous first joins only one is first. A
 * join racing a removal either lands before it or is refused: both lock the room's row first (touchRoom),
 * and this statement reads the removals committed before it.
 */
export async function upsertParticipant(
  sql: Sql,
  participant: { roomId: string; hero: RoomHeroRef; role: RoomRole; now: Date },
): Promise<boolean | undefined> {
  const { roomId, hero, role, now } = participant;
  const [row] = await sql<{ added: boolean }>(
    `INSERT INTO "rooms"."participants"
       ("room_id", "hero_id", "user_id", "name", "avatar", "is_premium", "role", "joined_at", "last_seen_at")
     SELECT $1::uuid, $2::char(32), $3::uuid, $4::text, $5::text, $6::boolean, $7::text, $8::timestamptz, $8::timestamptz
      WHERE NOT EXISTS (
        SELECT 1 FROM "rooms"."participants" r
         WHERE r."room_id" = $1 AND r."user_id" = $3 AND r."removed_at" IS NOT NULL)
     ON CONFLICT ("room_id", "hero_id") DO UPDATE SET
       "user_id" = EXCLUDED."user_id", "name" = EXCLUDED."name", "avatar" = EXCLUDED."avatar",
       "is_premium" = EXCLUDED."is_premium", "role" = EXCLUDED."role", "last_seen_at" = EXCLUDED."last_seen_at",
       "away_since" = NULL
     WHERE "participants"."removed_at" IS NULL
     RETURNING ("xmax" = 0) AS "added"`,
    [roomId, hero.heroId, hero.userId, hero.name, hero.avatar, hero.isPremium, role, now],
  );
  return row?.added;
}

/** The host's changes to an open room (a null leaves that setting as it is); undefined: no open room. */
export async function updateRoomSettings(
  sql: Sql,
  roomId: string,
  change: { title: string | null; inviteOnly: boolean | null; inviteToken: string | null },
): Promise<RoomRow | undefined> {
  const [row] = await sql<RoomRow>(
    `UPDATE "rooms"."rooms"
        SET "title" = COALESCE($2, "title"),
            "invite_only" = COALESCE($3, "invite_only"),
            "invite_token" = COALESCE($4, "invite_token")
      WHERE "id" = $1 AND "closed_at" IS NULL
      RETURNING *`,
    [roomId, change.title, change.inviteOnly, change.inviteToken],
  );
  return row;
}

/** Closes an open room for good; the narrator stops writing. Undefined: no open room of that id. */
export async function closeRoom(sql: Sql, roomId: string, now: Date): Promise<RoomRow | undefined> {
  const [row] = await sql<RoomRow>(
    `UPDATE "rooms"."rooms" SET "closed_at" = $2, "narrator_typing_since" = NULL
      WHERE "id" = $1 AND "closed_at" IS NULL
      RETURNING *`,
    [roomId, now],
  );
  return row;
}

/**
 * Removes a person from the room for good: every hero of theirs that is in it (none of their heroes,
 * present or future, comes in again). Returns the ids of the heroes removed now.
 */
export async function removePerson(sql: Sql, roomId: string, userId: string, now: Date): Promise<string[]> {
  const rows = await sql<{ hero_id: string }>(
    `UPDATE "rooms"."participants" SET "removed_at" = $3
      WHERE "room_id" = $1 AND "user_id" = $2 AND "removed_at" IS NULL
      RETURNING "hero_id"`,
    [roomId, userId, now],
  );
  return rows.map((row) => row.hero_id);
}

/** Whether the host removed this person (any hero of theirs) from the room. */
export async function isPersonRemoved(sql: Sql, roomId: string, userId: string): Promise<boolean> {
  const rows = await sql(
    `SELECT 1 FROM "rooms"."participants" WHERE "room_id" = $1 AND "user_id" = $2 AND "removed_at" IS NOT NULL LIMIT 1`,
    [roomId, userId],
  );
  return rows.length > 0;
}

/** Whether this person has a hero in the room now (joined, not removed). */
export async function isPersonInRoom(sql: Sql, roomId: string, userId: string): Promise<boolean> {
  const rows = await sql(
    `SELECT 1 FROM "rooms"."participants" WHERE "room_id" = $1 AND "user_id" = $2 AND "removed_at" IS NULL LIMIT 1`,
    [roomId, userId],
  );
  return rows.length > 0;
}

/** A new invite token for the room (removal rotates it: links shared before stop working). */
export async function setInviteToken(sql: Sql, roomId: string, inviteToken: string): Promise<void> {
  await sql(`UPDATE "rooms"."rooms" SET "invite_token" = $2 WHERE "id" = $1`, [roomId, inviteToken]);
}

/**
 * Claims the right to announce that the hero left: true unless the room announced it within `graceMs`
 * (a hero coming and going is told once per window). One statement, so of two leaves at once only one
 * claims it. Marks the hero seen either way.
 */
export async function claimLeaveNotice(
  sql: Sql,
  roomId: string,
  heroId: string,
  now: Date,
  graceMs: number,
): Promise<boolean> {
  await sql(
    `UPDATE "rooms"."participants" SET "last_seen_at" = GREATEST("last_seen_at", $3) WHERE "room_id" = $1 AND "hero_id" = $2`,
    [roomId, heroId, now],
  );
  const claimed = await sql(
    `UPDATE "rooms"."participants" SET "left_notice_at" = $3
      WHERE "room_id" = $1 AND "hero_id" = $2
        AND ("left_notice_at" IS NULL OR "left_notice_at" <= $3::timestamptz - make_interval(secs => $4::double precision / 1000))
      RETURNING "hero_id"`,
    [roomId, heroId, now, graceMs],
  );
  return claimed.length > 0;
}

/**
 * The hero's last socket left the room at `now`: away from then on (a join clears it). Undefined when
 * the hero is not in the room (never joined, or removed).
 */
export async function markAway(
  sql: Sql,
  roomId: string,
  heroId: string,
  now: Date,
): Promise<ParticipantRow | undefined> {
  const [row] = await sql<ParticipantRow>(
    `UPDATE "rooms"."participants" SET "away_since" = $3, "last_seen_at" = GREATEST("last_seen_at", $3)
      WHERE "room_id" = $1 AND "hero_id" = $2 AND "removed_at" IS NULL
      RETURNING *`,
    [roomId, heroId, now],
  );
  return row;
}

/**
 * The grace period of the leave at `leftAt` ended: the hero's row, when it is still away since that very
 * moment (not back, not left again later, not removed); it is no longer marked away then. One statement,
 * so of two checks of the same leave only one gets it.
 */
export async function claimAway(
  sql: Sql,
  roomId: string,
  heroId: string,
  leftAt: Date,
): Promise<ParticipantRow | undefined> {
  const [row] = await sql<ParticipantRow>(
    `UPDATE "rooms"."participants" SET "away_since" = NULL
      WHERE "room_id" = $1 AND "hero_id" = $2 AND "away_since" = $3 AND "removed_at" IS NULL
      RETURNING *`,
    [roomId, heroId, leftAt],
  );
  return row;
}

export async function findParticipant(
  sql: Sql,
  roomId: string,
  heroId: string,
): Promise<ParticipantRow | undefined> {
  const [row] = await sql<ParticipantRow>(
    `SELECT * FROM "rooms"."participants" WHERE "room_id" = $1 AND "hero_id" = $2`,
    [roomId, heroId],
  );
  return row;
}

/** Heroes that joined and were not removed, first joined first. */
export function participantsOf(sql: Sql, roomId: string): Promise<ParticipantRow[]> {
  return sql<ParticipantRow>(
    `SELECT * FROM "rooms"."participants" WHERE "room_id" = $1 AND "removed_at" IS NULL ORDER BY "joined_at", "hero_id"`,
    [roomId],
  );
}

export async function saveSigns(
  sql: Sql,
  roomId: string,
  heroId: string,
  signs: { westernSign: string; westernElement: string; chineseSign: string; chineseElement: string },
): Promise<void> {
  await sql(
    `UPDATE "rooms"."participants"
        SET "western_sign" = $3, "western_element" = $4, "chinese_sign" = $5, "chinese_element" = $6
      WHERE "room_id" = $1 AND "hero_id" = $2`,
    [roomId, heroId, signs.westernSign, signs.westernElement, signs.chineseSign, signs.chineseElement],
  );
}

/** Stores a message; with a trigger id already answered in this room, stores nothing (undefined). */
export async function insertMessage(sql: Sql, message: NewMessage): Promise<MessageRow | undefined> {
  const [row] = await sql<MessageRow>(
    `INSERT INTO "rooms"."messages"
       ("room_id", "kind", "sender_id", "sender_name", "sender_avatar", "content", "trigger_id", "created_at")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT ("room_id", "trigger_id") WHERE "trigger_id" IS NOT NULL DO NOTHING
     RETURNING ${MESSAGE_COLUMNS}`,
    [
      message.roomId,
      message.kind,
      message.senderId,
      message.senderName,
      message.senderAvatar,
      message.content,
      message.triggerId ?? null,
      message.now,
    ],
  );
  return row;
}

/**
 * The latest `limit` messages of a room, oldest first. A hero's avatar is a signed URL that expires; the
 * one its hero last came with (join or send) is shown, so the history's pictures stay loadable.
 */
export async function latestMessages(sql: Sql, roomId: string, limit: number): Promise<MessageRow[]> {
  const rows = await sql<MessageRow>(
    `SELECT m."id", m."room_id", m."kind", m."sender_id", m."sender_name",
            CASE WHEN m."kind" = 'hero' THEN COALESCE(p."avatar", m."sender_avatar") ELSE m."sender_avatar" END AS "sender_avatar",
            m."content", m."trigger_id", m."created_at"
       FROM "rooms"."messages" m
       LEFT JOIN "rooms"."participants" p ON p."room_id" = m."room_id" AND p."hero_id" = m."sender_id"
      WHERE m."room_id" = $1
      ORDER BY m."created_at" DESC, m."seq" DESC LIMIT $2`,
    [roomId, limit],
  );
  return rows.reverse();
}

/**
 * The narrator triggers of a room that have no line yet (the introduction, the latest hero messages):
 * the ids of the narrator jobs that may still be pending.
 */
export async function unansweredTriggers(sql: Sql, roomId: string, limit: number): Promise<string[]> {
  const rows = await sql<{ trigger_id: string }>(
    `SELECT t."trigger_id" FROM (
       SELECT $2::text AS "trigger_id", NULL::timestamptz AS "created_at"
       UNION ALL
       (SELECT m."id"::text, m."created_at" FROM "rooms"."messages" m
         WHERE m."room_id" = $1 AND m."kind" = 'hero' ORDER BY m."created_at" DESC LIMIT $3)
     ) t
     WHERE NOT EXISTS (
       SELECT 1 FROM "rooms"."messages" a
        WHERE a."room_id" = $1 AND a."trigger_id" IN (t."trigger_id", t."trigger_id" || '.failed'))`,
    [roomId, NARRATOR_INTRO_TRIGGER, limit],
  );
  return rows.map((row) => row.trigger_id);
}
