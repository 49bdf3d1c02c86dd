import { sqlMigration } from '@starborn/database';

export const CreateSupportRequests1763700100000 = sqlMigration('CreateSupportRequests1763700100000', {
  up: [
    `
      CREATE TABLE "auth"."support_requests" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "name" text NOT NULL,
        "email" text NOT NULL,
        "subject" text NOT NULL DEFAULT '',
        "message" text NOT NULL,
        "category" text NOT NULL CHECK ("category" IN ('general-inquiry', 'technical-issue', 'billing', 'account', 'feature-request')),
        "user_id" uuid,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`,
    `CREATE INDEX "support_requests_created_at_idx" ON "auth"."support_requests" ("created_at")`,
  ],
  down: [`DROP TABLE "auth"."support_requests"`],
});
