import { sqlMigration } from '@starborn/database';

export const CreateUsers1763700000000 = sqlMigration('CreateUsers1763700000000', {
  up: [
    `
      CREATE TABLE "auth"."users" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "name" text NOT NULL,
        "email" text NOT NULL,
        "password_hash" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`,
    `CREATE UNIQUE INDEX "users_email_lower_key" ON "auth"."users" (lower("email"))`,
  ],
  down: [`DROP TABLE "auth"."users"`],
});
