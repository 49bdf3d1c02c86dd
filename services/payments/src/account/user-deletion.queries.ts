import { DELETED_HERO_ID, DELETED_USER_ID } from '@starborn/contracts';
import type { Sql } from '@starborn/database';
import { OPEN_STATUSES, type ProviderName } from '../intents/payments.queries.js';

/** The user's intents still waiting for a card: they are cancelled before the account is forgotten. */
export function openIntentsOf(sql: Sql, userId: string): Promise<{ id: string; provider: ProviderName }[]> {
  return sql(
    `SELECT "id", "provider" FROM "payments"."payment_intents" WHERE "user_id" = $1 AND "status" = ANY($2::text[])`,
    [userId, [...OPEN_STATUSES]],
  );
}

/**
 * Keeps the user's payment records for accounting (provider intent id, type, amount, status, dates) with
 * nothing left that names the user: the user and hero ids become DELETED_USER_ID and DELETED_HERO_ID,
 * the receipt email and wallet address go. Answers how many records changed.
 */
export async function anonymisePaymentsOf(sql: Sql, userId: string, now: Date): Promise<number> {
  const rows = await sql(
    `UPDATE "payments"."payment_intents"
        SET "user_id" = $2, "hero_id" = $3, "receipt_email" = NULL, "wallet_address" = NULL,
            "updated_at" = $4
      WHERE "user_id" = $1 RETURNING "id"`,
    [userId, DELETED_USER_ID, DELETED_HERO_ID, now],
  );
  return rows.length;
}
