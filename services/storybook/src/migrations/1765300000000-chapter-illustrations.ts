import { sqlMigration } from '@starborn/database';

/**
 * A chapter's illustration, drawn by the generation workers once the chapter is written: its storage
 * keys (each stored as .png and .webp), size and alt text; which attempt is current (null: never
 * asked, as for the chapters written before illustrations existed), when it was asked, and when and
 * why the current attempt failed for good (the sweep asks again, a bounded number of times).
 */
export const ChapterIllustrations1765300000000 = sqlMigration('ChapterIllustrations1765300000000', {
  up: [
    `ALTER TABLE "storybook"."chapters"
       ADD COLUMN "illustration_attempt" int CHECK ("illustration_attempt" >= 1),
       ADD COLUMN "illustration_requested_at" timestamptz,
       ADD COLUMN "illustration_full_key" text,
       ADD COLUMN "illustration_preview_key" text,
       ADD COLUMN "illustration_width" int CHECK ("illustration_width" > 0),
       ADD COLUMN "illustration_height" int CHECK ("illustration_height" > 0),
       ADD COLUMN "illustration_alt" text,
       ADD COLUMN "illustration_provider" text,
       ADD COLUMN "illustrated_at" timestamptz,
       ADD COLUMN "illustration_failed_at" timestamptz,
       ADD COLUMN "illustration_failure" text,
       ADD CONSTRAINT "chapters_illustration_whole_check" CHECK (num_nulls("illustration_full_key",
         "illustration_preview_key", "illustration_width", "illustration_height", "illustration_alt",
         "illustrated_at") IN (0, 6)),
       ADD CONSTRAINT "chapters_illustration_asked_check" CHECK (
         ("illustration_attempt" IS NULL) = ("illustration_requested_at" IS NULL))`,
    // The sweep's view of written chapters still without their picture (asked or not); illustrated
    // ones leave it, so its work follows the chapters that need care, not the table's size.
    `CREATE INDEX "chapters_unillustrated_idx" ON "storybook"."chapters" ("illustration_requested_at" NULLS FIRST)
       WHERE "status" = 'ready' AND "illustrated_at" IS NULL`,
  ],
  down: [
    `DROP INDEX "storybook"."chapters_unillustrated_idx"`,
    `ALTER TABLE "storybook"."chapters"
       DROP CONSTRAINT "chapters_illustration_asked_check",
       DROP CONSTRAINT "chapters_illustration_whole_check",
       DROP COLUMN "illustration_attempt", DROP COLUMN "illustration_requested_at",
       DROP COLUMN "illustration_full_key", DROP COLUMN "illustration_preview_key",
       DROP COLUMN "illustration_width", DROP COLUMN "illustration_height", DROP COLUMN "illustration_alt",
       DROP COLUMN "illustration_provider", DROP COLUMN "illustrated_at",
       DROP COLUMN "illustration_failed_at", DROP COLUMN "illustration_failure"`,
  ],
});
