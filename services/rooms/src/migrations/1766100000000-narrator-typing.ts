import { sqlMigration } from '@starborn/database';

export const NarratorTyping1766100000000 = sqlMigration('NarratorTyping1766100000000', {
  up: [
    // When the room was last told the narrator is writing, until its line (or its failure) is stored:
    // a hero joining meanwhile sees the indicator too.
    `ALTER TABLE "rooms"."rooms" ADD COLUMN "narrator_typing_since" timestamptz`,
  ],
  down: [`ALTER TABLE "rooms"."rooms" DROP COLUMN "narrator_typing_since"`],
});
