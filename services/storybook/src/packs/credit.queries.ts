import type { Sql } from '@starborn/database';

export type RedeemedBy = 'unlock' | 'unlock-after-payment' | 'reconciliation';
/** How a pack is settled: spent by one of those, or refused (paid at a price that is not its story's). */
export type SettledBy = RedeemedBy | 'refused';

export interface TakenCredit {
  paymentIntentId: string;
  userId: string;
  amount: number;
}

export interface CreditInput {
  paymentIntentId: string;
  userId: string;
  heroId: string;
  amount: number;
  succeededAt: Date;
}

/** Records paid chapter packs; a pack already known (event and fallback, or a repeat) is kept as it is. */
export async function recordCredits(sql: Sql, credits: CreditInput[]): Promise<number> {
  if (credits.length === 0) return 0;
  const rows = await sql(
    `INSERT INTO storybook.chapter_credits (payment_intent_id, user_id, hero_id, amount, succeeded_at)
     SELECT * FROM unnest($1::text[], $2::uuid[], $3::char(32)[], $4::int[], $5::timestamptz[])
     ON CONFLICT (payment_intent_id) DO NOTHING
     RETURNING payment_intent_id`,
    [
      credits.map((c) => c.paymentIntentId),
      credits.map((c) => c.userId),
      credits.map((c) => c.heroId),
      credits.map((c) => c.amount),
      credits.map((c) => c.succeededAt),
    ],
  );
  return rows.length;
}

/**
 * Takes the oldest unused pack of this user for this hero (or the given one) and holds it for this
 * transaction; a pack another transaction is taking is skipped, so one pack serves one unlock.
 */
export async function takeCredit(
  sql: Sql,
  owner: { userId: string; heroId: string },
  paymentIntentId?: string,
): Promise<TakenCredit | undefined> {
  const [row] = await sql<{ payment_intent_id: string; user_id: string; amount: number }>(
    `SELECT payment_intent_id, user_id, amount FROM storybook.chapter_credits
     WHERE user_id = $1 AND hero_id = $2 AND redeemed_at IS NULL AND ($3::text IS NULL OR payment_intent_id = $3)
     ORDER BY succeeded_at, payment_intent_id
     LIMIT 1
     FOR UPDATE SKIP LOCKED`,
    [owner.userId, owner.heroId, paymentIntentId ?? null],
  );
  return row && { paymentIntentId: row.payment_intent_id, userId: row.user_id, amount: row.amount };
}

export async function redeemCredit(
  sql: Sql,
  paymentIntentId: string,
  redemption: { by: SettledBy; storybookId: string; chaptersUnlocked: number; now: Date },
): Promise<void> {
  await sql(
    `UPDATE storybook.chapter_credits
       SET redeemed_at = $2, redeemed_by = $3, storybook_id = $4, chapters_unlocked = $5
     WHERE payment_intent_id = $1 AND redeemed_at IS NULL`,
    [paymentIntentId, redemption.now, redemption.by, redemption.storybookId, redemption.chaptersUnlocked],
  );
}

/**
 * Packs nobody redeemed within the grace (the buyer left before the unlock call), whose story exists
 * and still has chapters to give; oldest first.
 */
export async function overdueCredits(sql: Sql, cutoff: Date, limit: number, maxChapters: number) {
  return sql<{ payment_intent_id: string; user_id: string; hero_id: string }>(
    `SELECT c.payment_intent_id, c.user_id, c.hero_id
     FROM storybook.chapter_credits c
     JOIN storybook.storybooks s ON s.hero_id = c.hero_id AND s.user_id = c.user_id AND s.started_at IS NOT NULL
     WHERE c.redeemed_at IS NULL AND c.succeeded_at <= $1
       AND s.chapters_unlocked_count < CASE WHEN s.is_premium THEN s.chapters_total_count ELSE $3 END
     ORDER BY c.succeeded_at
     LIMIT $2`,
    [cutoff, limit, maxChapters],
  );
}

/** Refused packs whose refund payments has not confirmed yet; oldest first. */
export async function unrefundedCredits(sql: Sql, limit: number) {
  return sql<{ payment_intent_id: string; user_id: string }>(
    `SELECT payment_intent_id, user_id FROM storybook.chapter_credits
     WHERE redeemed_by = 'refused' AND refund_confirmed_at IS NULL
     ORDER BY redeemed_at
     LIMIT $1`,
    [limit],
  );
}

export async function confirmRefund(sql: Sql, paymentIntentId: string, now: Date): Promise<void> {
  await sql(
    `UPDATE storybook.chapter_credits SET refund_confirmed_at = $2
     WHERE payment_intent_id = $1 AND refund_confirmed_at IS NULL`,
    [paymentIntentId, now],
  );
}
