import { replaceCheck, sqlMigration } from '@starborn/database';

/** Declined attempts per intent (card testing stops at a limit) and automatic refunds. */
export const PaymentLimitsRefunds1764100000000 = sqlMigration('PaymentLimitsRefunds1764100000000', {
  up: [
    ...replaceCheck(
      '"payments"."payment_intents"',
      'payment_intents_status_check',
      `"status" IN ('requires_payment_method', 'processing', 'succeeded', 'canceled', 'failed', 'refunded')`,
    ),
    `
      ALTER TABLE "payments"."payment_intents"
        ADD COLUMN "declines" integer NOT NULL DEFAULT 0,
        ADD COLUMN "refund_reason" text,
        ADD COLUMN "refund_id" text,
        ADD COLUMN "refunded_at" timestamptz`,
    // The hero's premium payment, looked up before every premium or chapters fulfilment.
    `CREATE INDEX "payment_intents_premium_paid_idx" ON "payments"."payment_intents" ("hero_id")
       WHERE "payment_type" = 'premium_upgrade' AND "status" = 'succeeded'`,
    // Refunds decided but not yet confirmed by the provider: the sweep asks again.
    `CREATE INDEX "payment_intents_unrefunded_idx" ON "payments"."payment_intents" ("updated_at")
       WHERE "status" = 'refunded' AND "refunded_at" IS NULL`,
  ],
  down: [
    `DROP INDEX "payments"."payment_intents_unrefunded_idx"`,
    `DROP INDEX "payments"."payment_intents_premium_paid_idx"`,
    `
      ALTER TABLE "payments"."payment_intents"
        DROP COLUMN "declines", DROP COLUMN "refund_reason", DROP COLUMN "refund_id", DROP COLUMN "refunded_at"`,
  ],
});
