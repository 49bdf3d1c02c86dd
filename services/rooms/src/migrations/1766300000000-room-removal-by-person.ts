import { sqlMigration } from '@starborn/database';

export const RoomRemovalByPerson1766300000000 = sqlMigration('RoomRemovalByPerson1766300000000', {
  up: [
    // When the room last said this hero left: a hero coming and going within the grace window is not
    // announced again, so join/leave lines cannot flood the chat.
    `ALTER TABLE "rooms"."participants" ADD COLUMN "left_notice_at" timestamptz`,
    // Removal is per person: a join looks for a removed row of the same user in the room.
    `CREATE INDEX "participants_removed_users" ON "rooms"."participants" ("room_id", "user_id")
       WHERE "removed_at" IS NOT NULL`,
  ],
  down: [
    `DROP INDEX "rooms"."participants_removed_users"`,
    `ALTER TABLE "rooms"."participants" DROP COLUMN "left_notice_at"`,
  ],
});
