import type { MigrationInterface, QueryRunner } from 'typeorm';

export class NarratorTyping1766100000000 implements MigrationInterface {
  name = 'NarratorTyping1766100000000';

  async up(db: QueryRunner): Promise<void> {
    // When the room was last told the narrator is writing, until its line (or its failure) is stored:
    // a hero joining meanwhile sees the indicator too.
    await db.query(`ALTER TABLE "rooms"."rooms" ADD COLUMN "narrator_typing_since" timestamptz`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "rooms"."rooms" DROP COLUMN "narrator_typing_since"`);
  }
}
