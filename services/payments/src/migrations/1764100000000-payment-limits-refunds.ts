import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Declined attempts per intent (card testing stops at a limit) and automatic refunds. */
export class PaymentLimitsRefunds1764100000000 implements MigrationInterface {
  name = 'PaymentLimitsRefunds1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE "payments"."payment_intents" DROP CONSTRAINT IF EXISTS "payment_intents_status_check"`,
    );
    await db.query(
      `ALTER TABLE "payments"."payment_intents" ADD CONSTRAINT "payment_intents_status_check"
       CHECK ("status" IN ('requires_payment_method', 'processing', 'succeeded', 'canceled', 'failed', 'refunded'))`,
    );
    await db.query(`
      ALTER TABLE "payments"."payment_intents"
        ADD COLUMN "declines" integer NOT NULL DEFAULT 0,
        ADD COLUMN "refund_reason" text,
        ADD COLUMN "refund_id" text,
        ADD COLUMN "refunded_at" timestamptz`);
    // The hero's premium payment, looked up before every premium or chapters fulfilment.
    await db.query(
      `CREATE INDEX "payment_intents_premium_paid_idx" ON "payments"."payment_intents" ("hero_id")
       WHERE "payment_type" = 'premium_upgrade' AND "status" = 'succeeded'`,
    );
    // Refunds decided but not yet confirmed by the provider: the sweep asks again.
    await db.query(
      `CREATE INDEX "payment_intents_unrefunded_idx" ON "payments"."payment_intents" ("updated_at")
       WHERE "status" = 'refunded' AND "refunded_at" IS NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX "payments"."payment_intents_unrefunded_idx"`);
    await db.query(`DROP INDEX "payments"."payment_intents_premium_paid_idx"`);
    await db.query(`
      ALTER TABLE "payments"."payment_intents"
        DROP COLUMN "declines", DROP COLUMN "refund_reason", DROP COLUMN "refund_id", DROP COLUMN "refunded_at"`);
  }
}
