import { CHAPTER_RELEASE_INTERVAL_MS, PREMIUM_STORY_CHAPTERS } from '@starborn/contracts';
import { sqlMigration } from '@starborn/database';

/** The first release rule, also put back when a later rule is rolled back. */
export const FIRST_RELEASE_RULE_SQL = `
  CREATE FUNCTION "storybook"."next_release_at"(is_premium boolean, initial timestamptz, unlocked int, total int)
  RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN is_premium AND unlocked > 0 AND unlocked < total
      THEN initial + unlocked * interval '${CHAPTER_RELEASE_INTERVAL_MS} milliseconds' END
  $$`;

export const CreateStorybooks1765000000000 = sqlMigration('CreateStorybooks1765000000000', {
  up: [
    // The daily release rule in one place: initial_chapter_generated_at + unlocked × interval, for premium
    // stories with chapters still locked. The interval has no day part, so the result does not depend on
    // the session's time zone and the function is truly immutable (a generated column requires that).
    FIRST_RELEASE_RULE_SQL,
    `
      CREATE TABLE "storybook"."storybooks" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "hero_id" char(32) NOT NULL UNIQUE CHECK ("hero_id" ~ '^[0-9a-f]{32}$'),
        "user_id" uuid NOT NULL,
        "hero_name" text,
        -- When hero.completed arrived. A row without it was made by a premium payment that came first:
        -- the owner does not see the story, and nothing is written, until the hero is complete.
        "started_at" timestamptz,
        "is_premium" boolean NOT NULL DEFAULT false,
        "premium_payment_intent_id" text,
        "chapters_total_count" int NOT NULL CHECK ("chapters_total_count" BETWEEN 1 AND ${PREMIUM_STORY_CHAPTERS}),
        "chapters_unlocked_count" int NOT NULL DEFAULT 0,
        "initial_chapter_generated_at" timestamptz,
        -- Derived, so no code path can forget to move it: every update of the four inputs moves it.
        "next_release_at" timestamptz GENERATED ALWAYS AS ("storybook"."next_release_at"(
          "is_premium", "initial_chapter_generated_at", "chapters_unlocked_count", "chapters_total_count")) STORED,
        "created_at" timestamptz NOT NULL,
        "updated_at" timestamptz NOT NULL,
        CHECK ("chapters_unlocked_count" BETWEEN 0 AND "chapters_total_count"),
        CHECK ("started_at" IS NOT NULL OR "is_premium")
      )`,
    // The release sweep reads only due storybooks through this index: its work follows the due count,
    // not the table size.
    `CREATE INDEX "storybooks_next_release_idx" ON "storybook"."storybooks" ("next_release_at") WHERE "next_release_at" IS NOT NULL`,
    `
      CREATE TABLE "storybook"."chapters" (
        "storybook_id" uuid NOT NULL REFERENCES "storybook"."storybooks" ("id") ON DELETE CASCADE,
        "chapter_number" int NOT NULL CHECK ("chapter_number" BETWEEN 1 AND ${PREMIUM_STORY_CHAPTERS}),
        "status" text NOT NULL CHECK ("status" IN ('generating', 'ready', 'error')),
        -- Which request is current: a result for another attempt is ignored.
        "attempt" int NOT NULL CHECK ("attempt" >= 1),
        "title" text,
        "content" text,
        "summary" text,
        "provider" text,
        "failure_reason" text,
        "requested_at" timestamptz NOT NULL,
        "generated_at" timestamptz,
        PRIMARY KEY ("storybook_id", "chapter_number"),
        CHECK ("status" <> 'ready' OR ("title" IS NOT NULL AND "content" IS NOT NULL))
      )`,
    // The sweep's view of chapters that need care (failed, or asked long ago); ready ones are not in it.
    `CREATE INDEX "chapters_unsettled_idx" ON "storybook"."chapters" ("requested_at") WHERE "status" <> 'ready'`,
    `
      CREATE TABLE "storybook"."chapter_credits" (
        "payment_intent_id" text PRIMARY KEY,
        "user_id" uuid NOT NULL,
        "hero_id" char(32) NOT NULL,
        "amount" int NOT NULL,
        "succeeded_at" timestamptz NOT NULL,
        "redeemed_at" timestamptz,
        "redeemed_by" text CHECK ("redeemed_by" IN ('unlock', 'unlock-after-payment', 'reconciliation')),
        "storybook_id" uuid REFERENCES "storybook"."storybooks" ("id") ON DELETE SET NULL,
        "chapters_unlocked" int,
        CHECK (("redeemed_at" IS NULL) = ("redeemed_by" IS NULL))
      )`,
    `CREATE INDEX "chapter_credits_unredeemed_idx" ON "storybook"."chapter_credits" ("user_id", "hero_id", "succeeded_at") WHERE "redeemed_at" IS NULL`,
    `CREATE INDEX "chapter_credits_grace_idx" ON "storybook"."chapter_credits" ("succeeded_at") WHERE "redeemed_at" IS NULL`,
  ],
  down: [
    `DROP TABLE "storybook"."chapter_credits"`,
    `DROP TABLE "storybook"."chapters"`,
    `DROP TABLE "storybook"."storybooks"`,
    `DROP FUNCTION "storybook"."next_release_at"(boolean, timestamptz, int, int)`,
  ],
});
