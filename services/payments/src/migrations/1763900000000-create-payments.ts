import { sqlMigration } from '@starborn/database';

export const CreatePayments1763900000000 = sqlMigration('CreatePayments1763900000000', {
  up: [
    `
      CREATE TABLE "payments"."payment_intents" (
        "id" text PRIMARY KEY,
        "provider" text NOT NULL CHECK ("provider" IN ('local', 'stripe')),
        "client_secret" text NOT NULL,
        "user_id" uuid NOT NULL,
        "hero_id" char(32) NOT NULL,
        "payment_type" text NOT NULL CHECK ("payment_type" IN ('premium_upgrade', 'chapters')),
        "amount" integer NOT NULL CHECK ("amount" > 0),
        "currency" text NOT NULL DEFAULT 'usd',
        "status" text NOT NULL CHECK ("status" IN ('requires_payment_method', 'processing', 'succeeded', 'canceled', 'failed')),
        "wallet_address" text,
        "receipt_email" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "succeeded_at" timestamptz,
        "fulfilled_event_emitted" boolean NOT NULL DEFAULT false
      )`,
    `CREATE UNIQUE INDEX "payment_intents_client_secret_key" ON "payments"."payment_intents" ("client_secret")`,
    `CREATE INDEX "payment_intents_owner_idx" ON "payments"."payment_intents" ("user_id", "hero_id", "payment_type", "created_at" DESC)`,
    `CREATE INDEX "payment_intents_unemitted_idx" ON "payments"."payment_intents" ("succeeded_at")
       WHERE "status" = 'succeeded' AND NOT "fulfilled_event_emitted"`,
    `
      CREATE TABLE "payments"."payment_events" (
        "id" text PRIMARY KEY,
        "type" text NOT NULL,
        "intent_id" text,
        "received_at" timestamptz NOT NULL DEFAULT now()
      )`,
  ],
  down: [`DROP TABLE "payments"."payment_events"`, `DROP TABLE "payments"."payment_intents"`],
});
