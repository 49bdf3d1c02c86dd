import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
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
  type StripeWebhookCommand,
  type SucceededPaymentQuery,
} from '@starborn/contracts';
import { Clock } from '@starborn/runtime';
import { DataSource, In, type Repository } from 'typeorm';
import { checkCard } from '../cards/test-cards.js';
import { priceFor } from '../pricing/price-table.js';
import { PAYMENT_PROVIDER, type PaymentProvider, type ProviderEvent } from '../providers/payment-provider.js';
import { FulfilmentService } from './fulfilment.service.js';
import { PaymentEvent } from './payment-event.entity.js';
import { PaymentIntent } from './payment-intent.entity.js';

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
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const WALLET = /^0x[0-9a-fA-F]{40}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** How many of a user's latest intents for one hero and type find-succeeded looks at. */
const RECENT_INTENTS = 10;

const badRequest = (message: string) => new ServiceError(400, ErrorCodes.VALIDATION_FAILED, message);
const notFound = () => new ServiceError(404, ErrorCodes.NOT_FOUND, MESSAGES.notFound);
const unavailable = () => new ServiceError(503, ErrorCodes.SERVICE_UNAVAILABLE, MESSAGES.unavailable);

@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    @InjectRepository(PaymentIntent) private readonly intents: Repository<PaymentIntent>,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly fulfilment: FulfilmentService,
    private readonly clock: Clock,
  ) {}

  quote(paymentType: unknown, premiumStory: unknown): PriceQuote {
    return priceFor(validPaymentType(paymentType), premiumStory === true);
  }

  async createIntent(command: CreatePaymentIntentCommand): Promise<PaymentIntentDto> {
    const userId = validUserId(command?.userId);
    const heroId = validHeroId(command.heroId);
    const price = this.quote(command.paymentType, command.premiumStory);
    const walletAddress = optionalText(command.walletAddress);
    if (walletAddress !== null && !WALLET.test(walletAddress)) throw badRequest(MESSAGES.wallet);
    const receiptEmail = optionalText(command.email);
    if (receiptEmail !== null && !EMAIL.test(receiptEmail)) throw badRequest(MESSAGES.email);

    // One key per (user, hero, type, attempt number): a retried call reuses the provider's intent.
    const attempt = await this.intents.countBy({ userId, heroId, paymentType: price.paymentType });
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
    await this.intents
      .createQueryBuilder()
      .insert()
      .values({
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
      })
      .orIgnore() // the same provider intent twice (idempotent retry): keep the first row
      .execute();
    return toDto(await this.intents.findOneByOrFail({ id: created.id }));
  }

  async confirmLocal(command: ConfirmLocalPaymentCommand): Promise<PaymentIntentDto> {
    const secret = String(command?.clientSecret ?? '');
    const intent = secret ? await this.intents.findOneBy({ clientSecret: secret }) : null;
    if (!intent || intent.userId !== command.userId) throw notFound();
    if (intent.provider !== 'local') throw badRequest(MESSAGES.notLocal);
    if (intent.status === 'succeeded') return toDto(intent);

    const verdict = checkCard(command.card, this.clock.now());
    if (!verdict.ok)
      throw new ServiceError(402, ErrorCodes.PAYMENT_REQUIRED, verdict.message, {
        errorType: verdict.declineCode,
      });

    const succeeded = await this.fulfilment.markSucceeded(intent.id);
    if (succeeded) await this.fulfilment.emitSucceeded(succeeded);
    return toDto(succeeded ?? (await this.intents.findOneByOrFail({ id: intent.id })));
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

    const succeeded = await this.dataSource.transaction(async (manager) => {
      const recorded = await manager
        .createQueryBuilder()
        .insert()
        .into(PaymentEvent)
        .values({
          id: event.id,
          type: event.type,
          intentId: event.intent?.id ?? null,
          receivedAt: this.clock.now(),
        })
        .orIgnore()
        .returning(['id'])
        .execute();
      if (recorded.raw.length === 0) return null; // a replay: handled before
      if (event.type !== 'payment_intent.succeeded' || !event.intent) return null;

      const intent = await manager.findOneBy(PaymentIntent, { id: event.intent.id });
      if (!intent) {
        this.logger.warn(`Webhook ${event.id} for unknown payment intent ${event.intent.id}`);
        return null;
      }
      if (intent.amount !== event.intent.amount || intent.currency !== event.intent.currency) {
        this.logger.error(`Webhook ${event.id}: amount of ${intent.id} differs from ours; not applied`);
        return null;
      }
      return this.fulfilment.markSucceeded(intent.id, manager);
    });
    if (succeeded) await this.fulfilment.emitSucceeded(succeeded);
    return { received: true, applied: succeeded !== null };
  }

  /** The newest succeeded intent of this user for this hero and type; Stripe is asked to confirm. */
  async findSucceeded(query: SucceededPaymentQuery): Promise<PaymentIntentDto | null> {
    const recent = await this.intents.find({
      where: {
        ...validIntentQuery(query),
        status: In(['succeeded', 'requires_payment_method', 'processing']),
      },
      order: { createdAt: 'DESC' },
      take: RECENT_INTENTS,
    });
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
    const where = validIntentQuery(query);
    const open = await this.intents.find({
      where: { ...where, status: In(['requires_payment_method', 'processing']) },
      order: { createdAt: 'DESC' },
      take: RECENT_INTENTS,
    });
    for (const intent of open) await this.settleWithProvider(intent);
    const succeeded = await this.intents.find({
      where: { ...where, status: 'succeeded' },
      order: { succeededAt: 'ASC', createdAt: 'ASC' },
    });
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
    const succeeded = await this.fulfilment.markSucceeded(intent.id);
    if (succeeded) await this.fulfilment.emitSucceeded(succeeded);
    return succeeded ?? (await this.intents.findOneByOrFail({ id: intent.id }));
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
