import type { Sql } from '@starborn/database';
import type { PaymentIntent } from '../intents/payments.queries.js';

/** What a payer may keep of an intent: never its client secret nor the provider's refund id. */
export type ExportPaymentRow = Pick<
  PaymentIntent,
  | 'id'
  | 'heroId'
  | 'paymentType'
  | 'amount'
  | 'currency'
  | 'status'
  | 'receiptEmail'
  | 'walletAddress'
  | 'createdAt'
  | 'succeededAt'
  | 'refundedAt'
  | 'refundReason'
>;

/** Every payment the user started, oldest first. */
export function paymentsOf(sql: Sql, userId: string): Promise<ExportPaymentRow[]> {
  return sql<ExportPaymentRow>(
    `SELECT id, hero_id AS "heroId", payment_type AS "paymentType", amount, currency, status,
            receipt_email AS "receiptEmail", wallet_address AS "walletAddress", created_at AS "createdAt",
            succeeded_at AS "succeededAt", refunded_at AS "refundedAt", refund_reason AS "refundReason"
       FROM payments.payment_intents
      WHERE user_id = $1
      ORDER BY created_at, id`,
    [userId],
  );
}
