import { sqlMigration } from '@starborn/database';

/**
 * Deleted accounts whose `user.deleted` event has not reached the bus yet: written in the transaction
 * that deletes the user, removed once the event is queued, re-emitted by a sweep until then.
 */
export const CreateUserDeletions1763700200000 = sqlMigration('CreateUserDeletions1763700200000', {
  up: [
    `
      CREATE TABLE "auth"."user_deletions" (
        "user_id" uuid PRIMARY KEY,
        "deleted_at" timestamptz NOT NULL DEFAULT now()
      )`,
  ],
  down: [`DROP TABLE "auth"."user_deletions"`],
});
