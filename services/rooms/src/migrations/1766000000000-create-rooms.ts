import { DEFAULT_ROOM_TITLE } from '@starborn/contracts';
import { sqlMigration } from '@starborn/database';

export const CreateRooms1766000000000 = sqlMigration('CreateRooms1766000000000', {
  up: [
    `
      CREATE TABLE "rooms"."rooms" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "title" text NOT NULL DEFAULT '${DEFAULT_ROOM_TITLE.replaceAll("'", "''")}',
        "creator_user_id" uuid NOT NULL,
        "creator_hero_id" char(32) NOT NULL CHECK ("creator_hero_id" ~ '^[0-9a-f]{32}$'),
        "creator_name" text NOT NULL,
        -- Hero (non-system, non-narrator) messages so far: every NARRATOR_EVERY_MESSAGES-th one asks the narrator.
        "hero_message_count" int NOT NULL DEFAULT 0 CHECK ("hero_message_count" >= 0),
        -- Set when the room was told the narrator is silent; cleared by the narrator's next reply, so a run
        -- of failures is announced once.
        "narrator_silent" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL,
        -- The last activity (any message): the lobby lists rooms active within a window of it.
        "updated_at" timestamptz NOT NULL
      )`,
    `CREATE INDEX "rooms_updated_at_idx" ON "rooms"."rooms" ("updated_at" DESC)`,
    `
      CREATE TABLE "rooms"."participants" (
        "room_id" uuid NOT NULL REFERENCES "rooms"."rooms" ("id") ON DELETE CASCADE,
        "hero_id" char(32) NOT NULL CHECK ("hero_id" ~ '^[0-9a-f]{32}$'),
        "user_id" uuid NOT NULL,
        "name" text NOT NULL,
        "avatar" text,
        "is_premium" boolean NOT NULL,
        "role" text NOT NULL CHECK ("role" IN ('participant', 'spectator')),
        -- The hero's signs as heroes told us, fetched once for the narrator (null until then).
        "western_sign" text,
        "western_element" text,
        "chinese_sign" text,
        "chinese_element" text,
        "joined_at" timestamptz NOT NULL,
        "last_seen_at" timestamptz NOT NULL,
        PRIMARY KEY ("room_id", "hero_id")
      )`,
    `
      CREATE TABLE "rooms"."messages" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        -- Insertion order, for messages that share a timestamp.
        "seq" bigint GENERATED ALWAYS AS IDENTITY,
        "room_id" uuid NOT NULL REFERENCES "rooms"."rooms" ("id") ON DELETE CASCADE,
        "kind" text NOT NULL CHECK ("kind" IN ('hero', 'narrator', 'system')),
        "sender_id" text NOT NULL,
        "sender_name" text NOT NULL,
        "sender_avatar" text,
        "content" text NOT NULL,
        -- What the narrator answered (the triggering message id, or 'intro'): a repeated event stores nothing.
        "trigger_id" text,
        "created_at" timestamptz NOT NULL
      )`,
    `CREATE INDEX "messages_room_created_idx" ON "rooms"."messages" ("room_id", "created_at" DESC, "seq" DESC)`,
    `CREATE UNIQUE INDEX "messages_room_trigger_idx" ON "rooms"."messages" ("room_id", "trigger_id") WHERE "trigger_id" IS NOT NULL`,
  ],
  down: [`DROP TABLE "rooms"."messages"`, `DROP TABLE "rooms"."participants"`, `DROP TABLE "rooms"."rooms"`],
});
