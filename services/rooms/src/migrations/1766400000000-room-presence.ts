import { sqlMigration } from '@starborn/database';

export const RoomPresence1766400000000 = sqlMigration('RoomPresence1766400000000', {
  up: [
    // Since when the hero has had no socket in the room (null: there now, or never left). A delayed
    // check writes "left the story" only if it is still the same moment when the grace period ends.
    `ALTER TABLE "rooms"."participants" ADD COLUMN "away_since" timestamptz`,
    // The room's last hero message: the lobby lists a room with nobody in it only while this is recent.
    `ALTER TABLE "rooms"."rooms" ADD COLUMN "last_message_at" timestamptz`,
    `UPDATE "rooms"."rooms" r SET "last_message_at" = m."at"
       FROM (SELECT "room_id", MAX("created_at") AS "at" FROM "rooms"."messages" WHERE "kind" = 'hero' GROUP BY "room_id") m
      WHERE m."room_id" = r."id"`,
  ],
  down: [
    `ALTER TABLE "rooms"."rooms" DROP COLUMN "last_message_at"`,
    `ALTER TABLE "rooms"."participants" DROP COLUMN "away_since"`,
  ],
});
