import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ErrorCodes,
  HERO_ID_PATTERN,
  PAYMENT_TYPES,
  ServiceError,
  type ConfirmLocalPaymentCommand,
  type CreatePaymentIntentCommand,
  type PaymentIntentDto,
  type PaymentType,
  type PriceQuote,
  type RefundPaymentCommand,
  type StripeWebhookCommand,
  type SucceededPaymentQuery,
} from '@starborn/contracts';
import { Clock } from '@starborn/runtime';
import { inTransaction, sqlOf, type Sql } from '@starborn/database';
import type { DataSource } from 'typeorm';
import { checkCard } from '../cards/test-cards.js';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../config.js';
import { formatUsd, priceFor } from '../pricing/price-table.js';
import { PAYMENT_PROVIDER, type PaymentProvider, type ProviderEvent } from '../providers/payment-provider.js';
import { FulfilmentService, type RefusalReason } from './fulfilment.service.js';
import {
  cancelOpenIntent,
  cancelRefundedIntent,
  countDecline,
  countIntents,
  findIntent,
  findIntentBySecret,
  findOpenIntent,
  getIntent,
  insertIntent,
  latestIntents,
  lockHero,
  OPEN_STATUSES,
  premiumPaid as premiumIsPaid,
  recordProviderEvent,
  refundSucceeded,
  releaseCardAttempt,
  reserveCardAttempt,
  succeededIntents,
  updateContact,
  type PaymentIntent,
} from './payments.queries.js';

export const MESSAGES = {
  heroId: 'The hero id must be 32 lowercase hexadecimal characters.',
  paymentType: 'The payment type must be premium_upgrade or chapters.',
  userId: 'A valid user id is required.',
  wallet: 'Please enter a valid wallet address (0x followed by 40 hexadecimal characters).',
  email: 'Please enter a valid email address',
  notFound: 'Payment not found.',
  unavailable: 'Payment processing is unavailable. Please try again later.',
  badSignature: 'Invalid webhook signature.',
  webhooksOff: 'Stripe webhooks are not enabled on this server.',
  notLocal: 'This payment cannot be confirmed here.',
  alreadyPremium: 'This hero is already premium.',
  canceledAfterDeclines:
    'This payment was cancelled after too many declined cards. Please start a new payment to try again.',
  canceled: 'This payment was cancelled. Please start a new payment.',
  refunded: 'This payment was refunded and cannot be used again.',
  attemptsInFlight:
    'Other cards are still being tried on this payment. Please wait for their answer before trying again.',
} as const;

/** A chapter pack whose price no longer matches the hero's story (it became premium meanwhile). */
export function priceChangedMessage(paid: number, now: number): string {
  return `The price of this chapter pack changed from ${formatUsd(paid)} to ${formatUsd(now)} because the story is premium now. Nothing was charged; please start a new payment.`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const WALLET = /^0x[0-9a-fA-F]{40}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** How long an open, unpaid intent is handed out again (a day): after that a new payment is opened. */
export const OPEN_INTENT_REUSE_MS = 24 * 60 * 60 * 1000;
/** How many of a user's latest intents for one hero and type find-succeeded looks at. */
const RECENT_INTENTS = 10;

const badRequest = (message: string) => new ServiceError(400, ErrorCodes.VALIDATION_FAILED, message);
const notFound = () => new ServiceError(404, ErrorCodes.NOT_FOUND, MESSAGES.notFound);
const unavailable = () => new ServiceError(503, ErrorCodes.SERVICE_UNAVAILABLE, MESSAGES.unavailable);
const conflict = (message: string) => new ServiceError(409, ErrorCodes.CONFLICT, message);

@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly fulfilment: FulfilmentService,
    private readonly clock: Clock,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  quote(paymentType: unknown, premiumStory: unknown): PriceQuote {
    return priceFor(validPaymentType(paymentType), premiumStory === true);
  }

  async createIntent(command: CreatePaymentIntentCommand): Promise<PaymentIntentDto> {
    const userId = validUserId(command?.userId);
    const heroId = validHeroId(command.heroId);
    const paymentType = validPaymentType(command.paymentType);
    const walletAddress = optionalText(command.walletAddress);
    if (walletAddress !== null && !WALLET.test(walletAddress)) throw badRequest(MESSAGES.wallet);
    const receiptEmail = optionalText(command.email);
    if (receiptEmail !== null && !EMAIL.test(receiptEmail)) throw badRequest(MESSAGES.email);

    // One transaction per (user, hero): two tabs asking at once are served one after the other.
    return inTransaction(this.dataSource, async (sql) => {
      await lockHero(sql, heroId);
      // This service records the premium payment first: a story is priced as premium from that moment,
      // even while the story itself has not heard of it yet.
      const premiumPaid = await premiumIsPaid(sql, heroId);
      const price = priceFor(paymentType, command.premiumStory === true || premiumPaid);
      if (price.paymentType === 'premium_upgrade' && premiumPaid) throw conflict(MESSAGES.alreadyPremium);
      // One open payment per item and price: asked again (another tab, a second Pay, a reload), the
      // open one is handed out again instead of a new one; an intent left open too long is not reused.
      const open = await findOpenIntent(sql, {
        userId,
        heroId,
        paymentType: price.paymentType,
        provider: this.provider.name,
        amount: price.amount,
        openedSince: new Date(this.clock.now().getTime() - OPEN_INTENT_REUSE_MS),
      });
      if (open) {
        // The checkout may have changed the receipt address or wallet since: the reused intent carries them.
        if (open.receiptEmail !== receiptEmail || open.walletAddress !== walletAddress)
          await updateContact(sql, open.id, { receiptEmail, walletAddress, now: this.clock.now() });
        return { ...toDto(open), reused: true };
      }
      return this.openIntent(sql, { userId, heroId, price, walletAddress, receiptEmail });
    });
  }

  private async openIntent(
    sql: Sql,
    request: {
      userId: string;
      heroId: string;
      price: PriceQuote;
      walletAddress: string | null;
      receiptEmail: string | null;
    },
  ): Promise<PaymentIntentDto> {
    const { userId, heroId, price, walletAddress, receiptEmail } = request;
    // One key per (user, hero, type, attempt number): a retried call reuses the provider's intent.
    const attempt = await countIntents(sql, { userId, heroId, paymentType: price.paymentType });
    let created;
    try {
      created = await this.provider.createIntent({
        amount: price.amount,
        currency: price.currency,
        metadata: { heroId, userId, paymentType: price.paymentType },
        receiptEmail,
        idempotencyKey: `intent:${userId}:${heroId}:${price.paymentType}:${attempt + 1}`,
      });
    } catch (error) {
      this.logger.error(
        `Creating a ${this.provider.name} payment intent failed: ${(error as Error).message}`,
      );
      throw unavailable();
    }
    const now = this.clock.now();
    // The same provider intent twice (idempotent retry): the first row is kept.
    await insertIntent(sql, {
      id: created.id,
      provider: this.provider.name,
      clientSecret: created.clientSecret,
      userId,
      heroId,
      paymentType: price.paymentType,
      amount: price.amount,
      currency: price.currency,
      status: created.status,
      walletAddress,
      receiptEmail,
      createdAt: now,
      updatedAt: now,
    });
    return toDto(await getIntent(sql, created.id));
  }

  async confirmLocal(command: ConfirmLocalPaymentCommand): Promise<PaymentIntentDto> {
    const secret = String(command?.clientSecret ?? '');
    const sql = sqlOf(this.dataSource);
    const intent = secret ? await findIntentBySecret(sql, secret) : undefined;
    if (!intent || intent.userId !== command.userId) throw notFound();
    if (intent.provider !== 'local') throw badRequest(MESSAGES.notLocal);
    if (intent.status === 'succeeded') return toDto(intent);
    this.refuseClosed(intent);

    // Refused before the card is even looked at: nothing is charged for a purchase that cannot be fulfilled.
    const reason = await this.fulfilment.refusalOf(intent);
    if (reason) {
      await this.cancel(intent, reason);
      throw this.refusal(intent, reason);
    }

    // The attempt is taken before the card is tried, in one statement with the check: simultaneous
    // confirmations get at most PAYMENTS_MAX_DECLINES_PER_INTENT card verdicts between them.
    const max = this.config.PAYMENTS_MAX_DECLINES_PER_INTENT;
    const attempt = await reserveCardAttempt(sql, intent.id, max, this.clock.now());
    if (attempt === undefined) {
      const current = await getIntent(sql, intent.id);
      if (current.status === 'succeeded') return toDto(current);
      this.refuseClosed(current);
      throw conflict(MESSAGES.attemptsInFlight);
    }
    const verdict = checkCard(command.card, this.clock.now());
    if (!verdict.ok) {
      const canceled = attempt >= max;
      if (canceled) {
        await cancelOpenIntent(sql, intent.id, this.clock.now());
        this.logger.warn(`Payment intent ${intent.id} cancelled after ${attempt} declined cards`);
        await this.cancelAtProvider(intent.id);
      }
      throw new ServiceError(
        402,
        ErrorCodes.PAYMENT_REQUIRED,
        canceled ? `${verdict.message} ${MESSAGES.canceledAfterDeclines}` : verdict.message,
        { errorType: verdict.declineCode },
      );
    }

    // Only declined cards keep their attempt.
    await releaseCardAttempt(sql, intent.id, this.clock.now());
    const settlement = await this.fulfilment.settle(intent.id);
    if (settlement?.kind === 'refund') {
      // Lost a race with another tab: the local provider has moved no money, so it is only cancelled.
      await cancelRefundedIntent(sql, intent.id, this.clock.now());
      throw this.refusal(intent, settlement.reason);
    }
    await this.fulfilment.afterSettle(settlement);
    const current = await getIntent(sql, intent.id);
    if (current.status === 'refunded') throw conflict(MESSAGES.refunded);
    return toDto(current);
  }

  /** 409 for an intent that can no longer be paid (cancelled or refunded), with what to do next. */
  private refuseClosed(intent: PaymentIntent): void {
    if (intent.status === 'refunded') throw conflict(MESSAGES.refunded);
    if (intent.status !== 'canceled' && intent.status !== 'failed') return;
    if (intent.refundReason) throw this.refusal(intent, intent.refundReason as RefusalReason);
    throw conflict(
      intent.declines >= this.config.PAYMENTS_MAX_DECLINES_PER_INTENT
        ? MESSAGES.canceledAfterDeclines
        : MESSAGES.canceled,
    );
  }

  private refusal(intent: PaymentIntent, reason: RefusalReason): ServiceError {
    if (reason === 'already_premium') return conflict(MESSAGES.alreadyPremium);
    return conflict(priceChangedMessage(intent.amount, priceFor('chapters', true).amount));
  }

  /** Cancels an unpaid intent here and at the provider; the reason is kept for the next confirmation. */
  private async cancel(intent: PaymentIntent, reason: RefusalReason): Promise<void> {
    await cancelOpenIntent(sqlOf(this.dataSource), intent.id, this.clock.now(), reason);
    await this.cancelAtProvider(intent.id);
  }

  private async cancelAtProvider(intentId: string): Promise<void> {
    try {
      await this.provider.cancel(intentId);
    } catch (error) {
      // Our record says cancelled; a later success at the provider is refunded by the webhook.
      this.logger.error(`Cancelling payment intent ${intentId} failed: ${(error as Error).message}`);
    }
  }

  /**
   * Counts a declined card on an open intent (a local test card, or Stripe's payment_failed); true when
   * this decline reached the limit and cancelled it. The caller tells the provider (after its transaction).
   */
  private async countDecline(sql: Sql, intentId: string): Promise<boolean> {
    const declines = await countDecline(sql, intentId, this.clock.now());
    if (declines < this.config.PAYMENTS_MAX_DECLINES_PER_INTENT) return false;
    await cancelOpenIntent(sql, intentId, this.clock.now());
    this.logger.warn(`Payment intent ${intentId} cancelled after ${declines} declined cards`);
    return true;
  }

  async handleStripeWebhook(command: StripeWebhookCommand): Promise<{ received: true; applied: boolean }> {
    if (!this.provider.verifyWebhook) throw badRequest(MESSAGES.webhooksOff);
    let event: ProviderEvent;
    try {
      event = this.provider.verifyWebhook(
        Buffer.from(String(command?.rawBodyBase64 ?? ''), 'base64'),
        String(command?.signature ?? ''),
      );
    } catch {
      throw new ServiceError(400, ErrorCodes.BAD_REQUEST, MESSAGES.badSignature);
    }

    let declinedOut: string | null = null;
    const settlement = await inTransaction(this.dataSource, async (sql) => {
      const recorded = await recordProviderEvent(sql, {
        id: event.id,
        type: event.type,
        intentId: event.intent?.id ?? null,
        receivedAt: this.clock.now(),
      });
      if (!recorded) return null; // a replay: handled before
      if (event.type === 'payment_intent.payment_failed' && event.intent) {
        if (await this.countDecline(sql, event.intent.id)) declinedOut = event.intent.id;
        return null;
      }
      if (event.type !== 'payment_intent.succeeded' || !event.intent) return null;

      const intent = await findIntent(sql, event.intent.id);
      if (!intent) {
        this.logger.warn(`Webhook ${event.id} for unknown payment intent ${event.intent.id}`);
        return null;
      }
      if (intent.amount !== event.intent.amount || intent.currency !== event.intent.currency) {
        this.logger.error(`Webhook ${event.id}: amount of ${intent.id} differs from ours; not applied`);
        return null;
      }
      return this.fulfilment.settle(intent.id, sql);
    });
    await this.fulfilment.afterSettle(settlement);
    if (declinedOut) await this.cancelAtProvider(declinedOut);
    return { received: true, applied: settlement?.kind === 'succeeded' };
  }

  /**
   * Refunds a succeeded chapter pack that storybook refused to spend (its price is outdated). Idempotent:
   * a refund asked again answers the refunded intent; the provider is asked again only while it has
   * not confirmed.
   */
  async refund(command: RefundPaymentCommand): Promise<PaymentIntentDto> {
    const userId = validUserId(command?.userId);
    const id = String(command.paymentIntentId ?? '');
    const sql = sqlOf(this.dataSource);
    const intent = id ? await findIntent(sql, id) : undefined;
    if (!intent || intent.userId !== userId) throw notFound();
    if (command.reason !== 'price_changed' || intent.paymentType !== 'chapters')
      throw badRequest('Only a chapter pack paid at an outdated price is refunded this way.');
    if (intent.status !== 'succeeded' && intent.status !== 'refunded')
      throw conflict('Only a completed payment can be refunded.');
    await refundSucceeded(sql, id, command.reason, this.clock.now());
    const refunded = await getIntent(sql, id);
    if (!refunded.refundedAt && !(await this.fulfilment.refund(refunded))) throw unavailable();
    return toDto(await getIntent(sql, id));
  }

  /** The newest succeeded intent of this user for this hero and type; Stripe is asked to confirm. */
  async findSucceeded(query: SucceededPaymentQuery): Promise<PaymentIntentDto | null> {
    const recent = await latestIntents(
      sqlOf(this.dataSource),
      validIntentQuery(query),
      ['succeeded', ...OPEN_STATUSES],
      RECENT_INTENTS,
    );
    for (const intent of recent) {
      const settled = await this.settleWithProvider(intent);
      if (settled) return toDto(settled);
    }
    return null;
  }

  /**
   * Every succeeded intent of this user for this hero and type, oldest first (chapter packs add up).
   * Recent open intents are checked with the provider first: paid there, webhook not yet in.
   */
  async listSucceeded(query: SucceededPaymentQuery): Promise<PaymentIntentDto[]> {
    const owner = validIntentQuery(query);
    const sql = sqlOf(this.dataSource);
    const open = await latestIntents(sql, owner, OPEN_STATUSES, RECENT_INTENTS);
    for (const intent of open) await this.settleWithProvider(intent);
    const succeeded = await succeededIntents(sql, owner);
    return succeeded.map(toDto);
  }

  /**
   * The intent as succeeded when the provider says it is (an intent of another provider is taken as
   * recorded), else null. Paid at the provider before its webhook arrived: the webhook's handling.
   */
  private async settleWithProvider(intent: PaymentIntent): Promise<PaymentIntent | null> {
    if (intent.provider !== this.provider.name) return intent.status === 'succeeded' ? intent : null;
    let status;
    try {
      status = await this.provider.retrieve(intent.id);
    } catch (error) {
      this.logger.error(`Retrieving payment intent ${intent.id} failed: ${(error as Error).message}`);
      throw unavailable();
    }
    if ((status ?? intent.status) !== 'succeeded') return null;
    if (intent.status === 'succeeded') return intent;
    const settlement = await this.fulfilment.settle(intent.id);
    await this.fulfilment.afterSettle(settlement);
    const current = await getIntent(sqlOf(this.dataSource), intent.id);
    return current.status === 'succeeded' ? current : null;
  }
}

export function toDto(intent: PaymentIntent): PaymentIntentDto {
  return {
    id: intent.id,
    clientSecret: intent.clientSecret,
    provider: intent.provider,
    amount: intent.amount,
    currency: intent.currency,
    paymentType: intent.paymentType,
    heroId: intent.heroId,
    status: intent.status,
  };
}

function validPaymentType(value: unknown): PaymentType {
  if (!PAYMENT_TYPES.includes(value as PaymentType)) throw badRequest(MESSAGES.paymentType);
  return value as PaymentType;
}

function validHeroId(value: unknown): string {
  const heroId = String(value ?? '');
  if (!HERO_ID_PATTERN.test(heroId)) throw badRequest(MESSAGES.heroId);
  return heroId;
}

function validUserId(value: unknown): string {
  const userId = String(value ?? '');
  if (!UUID.test(userId)) throw badRequest(MESSAGES.userId);
  return userId;
}

function optionalText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}

function validIntentQuery(query: SucceededPaymentQuery) {
  return {
    userId: validUserId(query?.userId),
    heroId: validHeroId(query.heroId),
    paymentType: validPaymentType(query.paymentType),
  };
}
