import type { PaymentIntentStatus, PaymentType } from '@starborn/contracts';
import type { Sql } from '@starborn/database';

export type ProviderName = 'local' | 'stripe';

/** A payment_intents row, with its columns named as the code names them. */
export interface PaymentIntent {
  /** The provider's intent id (pi_…). */
  id: string;
  provider: ProviderName;
  clientSecret: string;
  userId: string;
  heroId: string;
  paymentType: PaymentType;
  /** USD cents, from the server's price table. */
  amount: number;
  currency: 'usd';
  status: PaymentIntentStatus;
  walletAddress: string | null;
  receiptEmail: string | null;
  createdAt: Date;
  updatedAt: Date;
  succeededAt: Date | null;
  /** Declined card attempts on this intent; at the limit the intent is cancelled (card testing). */
  declines: number;
  /** Why a paid intent was refunded instead of fulfilled ('already_premium', 'price_changed'). */
  refundReason: string | null;
  /** The provider's refund id, once the provider confirmed the refund. */
  refundId: string | null;
  refundedAt: Date | null;
  /** Set once payment.succeeded reached the bus; the re-emitter picks up succeeded intents without it. */
  fulfilledEventEmitted: boolean;
}

/** Intents still waiting for a card (the ones a second tab may reuse). */
export const OPEN_STATUSES = ['requires_payment_method', 'processing'] as const;

/** Statuses an intent never leaves. */
export const FINAL_STATUSES = ['succeeded', 'refunded'] as const;

const COLUMNS = `id, provider, client_secret AS "clientSecret", user_id AS "userId", hero_id AS "heroId",
  payment_type AS "paymentType", amount, currency, status, wallet_address AS "walletAddress",
  receipt_email AS "receiptEmail", created_at AS "createdAt", updated_at AS "updatedAt",
  succeeded_at AS "succeededAt", declines, refund_reason AS "refundReason", refund_id AS "refundId",
  refunded_at AS "refundedAt", fulfilled_event_emitted AS "fulfilledEventEmitted"`;

const TABLE = 'payments.payment_intents';

/** One user's intents for one hero and one payment type. */
export interface IntentOwner {
  userId: string;
  heroId: string;
  paymentType: PaymentType;
}

/** Serialises the payments of one hero until the transaction ends (two tabs paying at once). */
export async function lockHero(sql: Sql, heroId: string): Promise<void> {
  await sql(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`payments:hero:${heroId}`]);
}

export async function findIntent(sql: Sql, id: string): Promise<PaymentIntent | undefined> {
  const [intent] = await sql<PaymentIntent>(`SELECT ${COLUMNS} FROM ${TABLE} WHERE id = $1`, [id]);
  return intent;
}

/** The intent, which the caller knows exists (it wrote it in this transaction or read it before). */
export async function getIntent(sql: Sql, id: string): Promise<PaymentIntent> {
  const intent = await findIntent(sql, id);
  if (!intent) throw new Error(`Payment intent ${id} not found`);
  return intent;
}

export async function findIntentBySecret(sql: Sql, clientSecret: string): Promise<PaymentIntent | undefined> {
  const [intent] = await sql<PaymentIntent>(`SELECT ${COLUMNS} FROM ${TABLE} WHERE client_secret = $1`, [
    clientSecret,
  ]);
  return intent;
}

/** Whether the hero's premium is paid, by an intent other than `exceptIntentId` when given. */
export async function premiumPaid(sql: Sql, heroId: string, exceptIntentId?: string): Promise<boolean> {
  const rows = await sql(
    `SELECT 1 FROM ${TABLE}
     WHERE hero_id = $1 AND payment_type = 'premium_upgrade' AND status = 'succeeded'
       AND ($2::text IS NULL OR id <> $2)
     LIMIT 1`,
    [heroId, exceptIntentId ?? null],
  );
  return rows.length > 0;
}

/** The newest premium upgrade of this user for this hero still waiting for a card, at this provider and amount. */
/**
 * The user's newest open (unpaid, not cancelled) intent for this hero, type, provider and price, opened
 * at or after `openedSince`: a checkout asked again (another tab, a second Pay) is handed that one.
 */
export async function findOpenIntent(
  sql: Sql,
  query: IntentOwner & { provider: ProviderName; amount: number; openedSince: Date },
): Promise<PaymentIntent | undefined> {
  const [intent] = await sql<PaymentIntent>(
    `SELECT ${COLUMNS} FROM ${TABLE}
     WHERE user_id = $1 AND hero_id = $2 AND payment_type = $3 AND provider = $4
       AND amount = $5 AND status = ANY($6::text[]) AND created_at >= $7
     ORDER BY created_at DESC LIMIT 1`,
    [
      query.userId,
      query.heroId,
      query.paymentType,
      query.provider,
      query.amount,
      [...OPEN_STATUSES],
      query.openedSince,
    ],
  );
  return intent;
}

export async function updateContact(
  sql: Sql,
  id: string,
  contact: { receiptEmail: string | null; walletAddress: string | null; now: Date },
): Promise<void> {
  await sql(`UPDATE ${TABLE} SET receipt_email = $2, wallet_address = $3, updated_at = $4 WHERE id = $1`, [
    id,
    contact.receiptEmail,
    contact.walletAddress,
    contact.now,
  ]);
}

/** How many intents this user opened for this hero and type (numbers the provider's idempotency keys). */
export async function countIntents(sql: Sql, owner: IntentOwner): Promise<number> {
  const [row] = await sql<{ count: number }>(
    `SELECT count(*)::int AS count FROM ${TABLE} WHERE user_id = $1 AND hero_id = $2 AND payment_type = $3`,
    [owner.userId, owner.heroId, owner.paymentType],
  );
  return row?.count ?? 0;
}

/** Records an intent the provider created; the same provider intent twice (a retried call) keeps the first row. */
export async function insertIntent(
  sql: Sql,
  intent: Pick<
    PaymentIntent,
    | 'id'
    | 'provider'
    | 'clientSecret'
    | 'userId'
    | 'heroId'
    | 'paymentType'
    | 'amount'
    | 'currency'
    | 'status'
    | 'walletAddress'
    | 'receiptEmail'
    | 'createdAt'
    | 'updatedAt'
  >,
): Promise<void> {
  await sql(
    `INSERT INTO ${TABLE} (id, provider, client_secret, user_id, hero_id, payment_type, amount, currency,
       status, wallet_address, receipt_email, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT DO NOTHING`,
    [
      intent.id,
      intent.provider,
      intent.clientSecret,
      intent.userId,
      intent.heroId,
      intent.paymentType,
      intent.amount,
      intent.currency,
      intent.status,
      intent.walletAddress,
      intent.receiptEmail,
      intent.createdAt,
      intent.updatedAt,
    ],
  );
}

/**
 * Cancels an intent still waiting for a card; the reason (when given) is kept for the next
 * confirmation. Does nothing to an intent that has moved on meanwhile.
 */
export async function cancelOpenIntent(sql: Sql, id: string, now: Date, reason: string | null = null) {
  await sql(
    `UPDATE ${TABLE} SET status = 'canceled', refund_reason = COALESCE($3, refund_reason), updated_at = $2
     WHERE id = $1 AND status = ANY($4::text[])`,
    [id, now, reason, [...OPEN_STATUSES]],
  );
}

/** A local intent marked refunded after a lost race: no money moved, so it is only cancelled. */
export async function cancelRefundedIntent(sql: Sql, id: string, now: Date): Promise<void> {
  await sql(
    `UPDATE ${TABLE} SET status = 'canceled', updated_at = $2 WHERE id = $1 AND status = 'refunded'`,
    [id, now],
  );
}

/** Counts a declined card on an intent still waiting for one; the declines so far, 0 when it is not open. */
export async function countDecline(sql: Sql, id: string, now: Date): Promise<number> {
  const [row] = await sql<{ declines: number }>(
    `UPDATE ${TABLE} SET declines = declines + 1, updated_at = $2
     WHERE id = $1 AND status = ANY($3::text[]) RETURNING declines`,
    [id, now, [...OPEN_STATUSES]],
  );
  return row?.declines ?? 0;
}

/**
 * Takes one of an open intent's `max` card attempts before its card is tried, in one statement (the row
 * is locked while it is updated, so simultaneous confirmations are counted one after the other): the
 * attempt's number, or undefined when the intent is no longer open or all its attempts are taken.
 */
export async function reserveCardAttempt(
  sql: Sql,
  id: string,
  max: number,
  now: Date,
): Promise<number | undefined> {
  const [row] = await sql<{ declines: number }>(
    `UPDATE ${TABLE} SET declines = declines + 1, updated_at = $2
     WHERE id = $1 AND status = ANY($3::text[]) AND declines < $4 RETURNING declines`,
    [id, now, [...OPEN_STATUSES], max],
  );
  return row?.declines;
}

/** Gives back an attempt taken by reserveCardAttempt whose card was not declined (the intent still open). */
export async function releaseCardAttempt(sql: Sql, id: string, now: Date): Promise<void> {
  await sql(
    `UPDATE ${TABLE} SET declines = declines - 1, updated_at = $2
     WHERE id = $1 AND status = ANY($3::text[]) AND declines > 0`,
    [id, now, [...OPEN_STATUSES]],
  );
}

/** Marks a succeeded payment refunded at the user's request (see PaymentsService.refund). */
export async function refundSucceeded(sql: Sql, id: string, reason: string, now: Date): Promise<void> {
  await sql(
    `UPDATE ${TABLE} SET status = 'refunded', refund_reason = $2, updated_at = $3
     WHERE id = $1 AND status = 'succeeded'`,
    [id, reason, now],
  );
}

/** A paid intent that must not be fulfilled: refunded instead, unless it reached a final status meanwhile. */
export async function refundInsteadOfFulfilling(sql: Sql, id: string, reason: string, now: Date) {
  await sql(
    `UPDATE ${TABLE} SET status = 'refunded', refund_reason = $2, updated_at = $3
     WHERE id = $1 AND status <> ALL($4::text[])`,
    [id, reason, now, [...FINAL_STATUSES]],
  );
}

/** Moves an intent to succeeded; the intent when this call made the move, undefined when it already was. */
export async function markSucceeded(sql: Sql, id: string, now: Date): Promise<PaymentIntent | undefined> {
  const [intent] = await sql<PaymentIntent>(
    `UPDATE ${TABLE} SET status = 'succeeded', succeeded_at = $2, updated_at = $2
     WHERE id = $1 AND status <> ALL($3::text[]) RETURNING ${COLUMNS}`,
    [id, now, [...FINAL_STATUSES]],
  );
  return intent;
}

/** Records the provider's confirmation of a refund (once). */
export async function recordRefund(sql: Sql, id: string, refundId: string, now: Date): Promise<void> {
  await sql(`UPDATE ${TABLE} SET refund_id = $2, refunded_at = $3 WHERE id = $1 AND refunded_at IS NULL`, [
    id,
    refundId,
    now,
  ]);
}

export async function markEventEmitted(sql: Sql, id: string): Promise<void> {
  await sql(`UPDATE ${TABLE} SET fulfilled_event_emitted = true WHERE id = $1`, [id]);
}

/** Succeeded intents whose payment.succeeded never reached the bus, oldest payment first. */
export function unemittedSucceeded(sql: Sql, limit: number): Promise<PaymentIntent[]> {
  return sql<PaymentIntent>(
    `SELECT ${COLUMNS} FROM ${TABLE} WHERE status = 'succeeded' AND NOT fulfilled_event_emitted
     ORDER BY succeeded_at ASC LIMIT $1`,
    [limit],
  );
}

/** Refunded intents of this provider whose refund the provider has not confirmed, oldest change first. */
export function unconfirmedRefunds(
  sql: Sql,
  provider: ProviderName,
  limit: number,
): Promise<PaymentIntent[]> {
  return sql<PaymentIntent>(
    `SELECT ${COLUMNS} FROM ${TABLE} WHERE status = 'refunded' AND refunded_at IS NULL AND provider = $1
     ORDER BY updated_at ASC LIMIT $2`,
    [provider, limit],
  );
}

/** This owner's intents in these statuses, newest first. */
export function latestIntents(
  sql: Sql,
  owner: IntentOwner,
  statuses: readonly PaymentIntentStatus[],
  limit: number,
): Promise<PaymentIntent[]> {
  return sql<PaymentIntent>(
    `SELECT ${COLUMNS} FROM ${TABLE}
     WHERE user_id = $1 AND hero_id = $2 AND payment_type = $3 AND status = ANY($4::text[])
     ORDER BY created_at DESC LIMIT $5`,
    [owner.userId, owner.heroId, owner.paymentType, [...statuses], limit],
  );
}

/** Every succeeded intent of this owner, in the order they were paid. */
export function succeededIntents(sql: Sql, owner: IntentOwner): Promise<PaymentIntent[]> {
  return sql<PaymentIntent>(
    `SELECT ${COLUMNS} FROM ${TABLE}
     WHERE user_id = $1 AND hero_id = $2 AND payment_type = $3 AND status = 'succeeded'
     ORDER BY succeeded_at ASC, created_at ASC`,
    [owner.userId, owner.heroId, owner.paymentType],
  );
}

/** Records a provider event; false when it was recorded before (a replay). */
export async function recordProviderEvent(
  sql: Sql,
  event: { id: string; type: string; intentId: string | null; receivedAt: Date },
): Promise<boolean> {
  const rows = await sql(
    `INSERT INTO payments.payment_events (id, type, intent_id, received_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING id`,
    [event.id, event.type, event.intentId, event.receivedAt],
  );
  return rows.length > 0;
}
