import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A chapter pack can be refused when it is spent (paid at a price that is no longer its story's): it
 * is settled as 'refused', unlocks nothing, and its payment is refunded (refund_confirmed_at once
 * payments confirmed the refund; the sweep asks again until then).
 */
export class RefusedChapterCredits1765100000000 implements MigrationInterface {
  name = 'RefusedChapterCredits1765100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE "storybook"."chapter_credits" DROP CONSTRAINT IF EXISTS "chapter_credits_redeemed_by_check"`,
    );
    await db.query(
      `ALTER TABLE "storybook"."chapter_credits" ADD CONSTRAINT "chapter_credits_redeemed_by_check"
       CHECK ("redeemed_by" IN ('unlock', 'unlock-after-payment', 'reconciliation', 'refused'))`,
    );
    await db.query(`ALTER TABLE "storybook"."chapter_credits" ADD COLUMN "refund_confirmed_at" timestamptz`);
    await db.query(
      `CREATE INDEX "chapter_credits_unrefunded_idx" ON "storybook"."chapter_credits" ("redeemed_at")
       WHERE "redeemed_by" = 'refused' AND "refund_confirmed_at" IS NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX "storybook"."chapter_credits_unrefunded_idx"`);
    await db.query(`ALTER TABLE "storybook"."chapter_credits" DROP COLUMN "refund_confirmed_at"`);
  }
}
