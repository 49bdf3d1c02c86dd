import { replaceCheck, sqlMigration } from '@starborn/database';

/**
 * A chapter pack can be refused when it is spent (paid at a price that is no longer its story's): it
 * is settled as 'refused', unlocks nothing, and its payment is refunded (refund_confirmed_at once
 * payments confirmed the refund; the sweep asks again until then).
 */
export const RefusedChapterCredits1765100000000 = sqlMigration('RefusedChapterCredits1765100000000', {
  up: [
    ...replaceCheck(
      '"storybook"."chapter_credits"',
      'chapter_credits_redeemed_by_check',
      `"redeemed_by" IN ('unlock', 'unlock-after-payment', 'reconciliation', 'refused')`,
    ),
    `ALTER TABLE "storybook"."chapter_credits" ADD COLUMN "refund_confirmed_at" timestamptz`,
    `CREATE INDEX "chapter_credits_unrefunded_idx" ON "storybook"."chapter_credits" ("redeemed_at")
       WHERE "redeemed_by" = 'refused' AND "refund_confirmed_at" IS NULL`,
  ],
  down: [
    `DROP INDEX "storybook"."chapter_credits_unrefunded_idx"`,
    `ALTER TABLE "storybook"."chapter_credits" DROP COLUMN "refund_confirmed_at"`,
  ],
});
