import { sqlMigration } from '@starborn/database';

/**
 * A storybook's story plan (the JSON document the writer makes with the first chapter and revises
 * before each later one) and each chapter's planned scene, which its illustration draws. Both stay
 * null for books written before plans existed: their next chapter's writer makes a plan then.
 */
export const StoryPlans1765400000000 = sqlMigration('StoryPlans1765400000000', {
  up: [
    `ALTER TABLE "storybook"."storybooks"
       ADD COLUMN "story_plan" jsonb CHECK (jsonb_typeof("story_plan") = 'object')`,
    `ALTER TABLE "storybook"."chapters"
       ADD COLUMN "scene" jsonb CHECK (jsonb_typeof("scene") = 'object')`,
  ],
  down: [
    `ALTER TABLE "storybook"."chapters" DROP COLUMN "scene"`,
    `ALTER TABLE "storybook"."storybooks" DROP COLUMN "story_plan"`,
  ],
});
