import { sqlMigration } from '@starborn/database';

export const RoomHosts1766200000000 = sqlMigration('RoomHosts1766200000000', {
  up: [
    // The host is the hero that created the room; rooms made before hosts existed get their creator.
    `ALTER TABLE "rooms"."rooms"
       ADD COLUMN "host_hero_id" char(32),
       ADD COLUMN "host_user_id" uuid,
       ADD COLUMN "invite_only" boolean NOT NULL DEFAULT false,
       ADD COLUMN "invite_token" text,
       ADD COLUMN "closed_at" timestamptz`,
    `UPDATE "rooms"."rooms" SET "host_hero_id" = "creator_hero_id", "host_user_id" = "creator_user_id"`,
    // The invite link's secret: 244 random bits from PostgreSQL's strong generator for existing rooms;
    // new rooms and rotations get theirs from the service.
    `UPDATE "rooms"."rooms"
        SET "invite_token" = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`,
    `ALTER TABLE "rooms"."rooms"
       ALTER COLUMN "host_hero_id" SET NOT NULL,
       ALTER COLUMN "host_user_id" SET NOT NULL,
       ALTER COLUMN "invite_token" SET NOT NULL`,
    // A removed hero keeps its row (its lines stay in the history) but is out of the room for good.
    `ALTER TABLE "rooms"."participants" ADD COLUMN "removed_at" timestamptz`,
  ],
  down: [
    `ALTER TABLE "rooms"."participants" DROP COLUMN "removed_at"`,
    `ALTER TABLE "rooms"."rooms"
       DROP COLUMN "host_hero_id",
       DROP COLUMN "host_user_id",
       DROP COLUMN "invite_only",
       DROP COLUMN "invite_token",
       DROP COLUMN "closed_at"`,
  ],
});
