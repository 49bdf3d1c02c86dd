import { CHAPTER_RELEASE_INTERVAL_MS } from '@starborn/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { FIRST_RELEASE_RULE_SQL } from './1765000000000-create-storybooks.js';

const DAY = `interval '${CHAPTER_RELEASE_INTERVAL_MS} milliseconds'`;

/**
 * Premium chapters come one a day, also after an upgrade or a chapter pack: the chapters those unlock
 * are counted apart (`chapters_unlocked_early`), so they do not push the next daily chapter days away,
 * and the daily clock of a story made premium later starts at its promotion (`premium_at`). Next
 * release = max(first chapter written, promotion) + (unlocked − unlocked early) days. The interval has
 * no day part, so the function does not depend on the session's time zone (a generated column needs
 * an immutable one).
 */
export class ReleaseClock1765200000000 implements MigrationInterface {
  name = 'ReleaseClock1765200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE "storybook"."storybooks"
        ADD COLUMN "premium_at" timestamptz,
        ADD COLUMN "chapters_unlocked_early" int NOT NULL DEFAULT 0 CHECK ("chapters_unlocked_early" >= 0)`);
    // Stories already premium keep their hour of the day, and their next chapter comes within a day
    // (one already behind that is left as it is, and catches up).
    await db.query(`
      UPDATE "storybook"."storybooks"
         SET "chapters_unlocked_early" = GREATEST(0, "chapters_unlocked_count" - 1
               - floor(extract(epoch FROM now() - "initial_chapter_generated_at") * 1000 / ${CHAPTER_RELEASE_INTERVAL_MS})::int)
       WHERE "is_premium" AND "initial_chapter_generated_at" IS NOT NULL
         AND "chapters_unlocked_count" < "chapters_total_count"`);
    await dropReleaseColumn(db);
    await db.query(`DROP FUNCTION "storybook"."next_release_at"(boolean, timestamptz, int, int)`);
    await db.query(`
      CREATE FUNCTION "storybook"."next_release_at"(is_premium boolean, initial timestamptz,
        premium_at timestamptz, unlocked int, unlocked_early int, total int)
      RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT CASE WHEN is_premium AND initial IS NOT NULL AND unlocked > 0 AND unlocked < total
          THEN GREATEST(initial, premium_at) + (unlocked - unlocked_early) * ${DAY} END
      $$`);
    await addReleaseColumn(
      db,
      `"is_premium", "initial_chapter_generated_at", "premium_at",
       "chapters_unlocked_count", "chapters_unlocked_early", "chapters_total_count"`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await dropReleaseColumn(db);
    await db.query(
      `DROP FUNCTION "storybook"."next_release_at"(boolean, timestamptz, timestamptz, int, int, int)`,
    );
    await db.query(FIRST_RELEASE_RULE_SQL);
    await addReleaseColumn(
      db,
      `"is_premium", "initial_chapter_generated_at", "chapters_unlocked_count", "chapters_total_count"`,
    );
    await db.query(`
      ALTER TABLE "storybook"."storybooks" DROP COLUMN "premium_at", DROP COLUMN "chapters_unlocked_early"`);
  }
}

async function dropReleaseColumn(db: QueryRunner): Promise<void> {
  await db.query(`DROP INDEX "storybook"."storybooks_next_release_idx"`);
  await db.query(`ALTER TABLE "storybook"."storybooks" DROP COLUMN "next_release_at"`);
}

/** The derived release time and the partial index the release sweep reads. */
async function addReleaseColumn(db: QueryRunner, inputs: string): Promise<void> {
  await db.query(`
    ALTER TABLE "storybook"."storybooks" ADD COLUMN "next_release_at" timestamptz
      GENERATED ALWAYS AS ("storybook"."next_release_at"(${inputs})) STORED`);
  await db.query(
    `CREATE INDEX "storybooks_next_release_idx" ON "storybook"."storybooks" ("next_release_at") WHERE "next_release_at" IS NOT NULL`,
  );
}
