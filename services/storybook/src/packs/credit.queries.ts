import type { Sql } from '../db.js';

export type RedeemedBy = 'unlock' | 'unlock-after-payment' | 'reconciliation';

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
): Promise<string | undefined> {
  const [row] = await sql<{ payment_intent_id: string }>(
    `SELECT payment_intent_id FROM storybook.chapter_credits
     WHERE user_id = $1 AND hero_id = $2 AND redeemed_at IS NULL AND ($3::text IS NULL OR payment_intent_id = $3)
     ORDER BY succeeded_at, payment_intent_id
     LIMIT 1
     FOR UPDATE SKIP LOCKED`,
    [owner.userId, owner.heroId, paymentIntentId ?? null],
  );
  return row?.payment_intent_id;
}

export async function redeemCredit(
  sql: Sql,
  paymentIntentId: string,
  redemption: { by: RedeemedBy; storybookId: string; chaptersUnlocked: number; now: Date },
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
