import { Body, Controller, Get, Headers, HttpCode, Inject, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ErrorCodes } from '@starborn/contracts';
import { MessageBus } from '@starborn/messaging';
import type { FastifyRequest } from 'fastify';
import { ErrorResponse } from '../auth/auth.dto.js';
import { CurrentUser, Public } from '../auth/jwt-auth.guard.js';
import type { AuthenticatedUser } from '../auth/token-verifier.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ApiException } from '../http/http-error.filter.js';
import { PaymentRateLimiter } from './payment-rate-limiter.js';
import {
  CheckoutQuoteParams,
  CheckoutQuoteResponse,
  ConfirmLocalPaymentBody,
  CreatePaymentIntentBody,
  CreatePaymentIntentResponse,
  PaymentIntentResponse,
  PaymentsConfigResponse,
  WebhookResponse,
} from './payments.dto.js';

type RawBodyRequest = FastifyRequest & { rawBody?: Buffer };

@ApiTags('payments')
@Controller('api')
export class PaymentsController {
  constructor(
    private readonly bus: MessageBus,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly limits: PaymentRateLimiter,
  ) {}

  @Public()
  @Get('payments/config')
  @ApiOperation({ summary: 'Which payment provider the checkout uses, and its publishable key' })
  @ApiResponse({ status: 200, type: PaymentsConfigResponse })
  paymentsConfig(): PaymentsConfigResponse {
    const stripe = this.config.PAYMENTS_PROVIDER === 'stripe';
    return {
      provider: this.config.PAYMENTS_PROVIDER,
      publishableKey: stripe ? (this.config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
      currency: 'usd',
    };
  }

  @Get('payments/quote')
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'The price of a purchase for one of your heroes, without starting a payment',
    description:
      'The same sale rules as create-payment-intent (404 not your hero; 409 already premium, no storybook ' +
      'yet, every chapter unlocked), but nothing is opened and no limit is spent: the checkout shows it on view.',
  })
  @ApiResponse({ status: 200, type: CheckoutQuoteResponse })
  @ApiResponse({ status: 400, type: ErrorResponse })
  @ApiResponse({ status: 404, type: ErrorResponse, description: 'Not your hero' })
  @ApiResponse({ status: 409, type: ErrorResponse })
  quote(
    @Query() query: CheckoutQuoteParams,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<CheckoutQuoteResponse> {
    return this.bus.request('payments.checkout-quote', {
      userId: user.id,
      heroId: query.heroId,
      paymentType: query.paymentType ?? 'premium_upgrade',
    });
  }

  @Post('create-payment-intent')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Start a payment for one of your heroes',
    description:
      "The price comes from the server's price table only: `amount`, `currency` and `is_test` are accepted " +
      "for compatibility but ignored. paymentType defaults to 'premium_upgrade'; `unlockChapters: true` " +
      "means 'chapters' (priced by whether the hero's story is premium; refused with 409 when the hero has no " +
      'storybook yet or its premium story is fully unlocked). walletAddress is optional.',
  })
  @ApiResponse({ status: 200, type: CreatePaymentIntentResponse })
  @ApiResponse({ status: 400, type: ErrorResponse })
  @ApiResponse({ status: 404, type: ErrorResponse, description: 'Not your hero' })
  @ApiResponse({
    status: 409,
    type: ErrorResponse,
    description:
      "Premium upgrade: 'This hero is already premium.' Chapters: the hero has no storybook yet, or " +
      "'All chapters of this story are already unlocked.'",
  })
  @ApiResponse({
    status: 429,
    type: ErrorResponse,
    description:
      "Too many new payments started by this user (with Retry-After), or errorType 'quota_exceeded'. " +
      'While an unpaid intent for the same hero, type and price is open (up to a day), that same intent ' +
      'is answered again and does not count towards the limit.',
  })
  async createIntent(
    @Body() body: CreatePaymentIntentBody,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<CreatePaymentIntentResponse> {
    // What may be sold for this hero, at which price, is the payments service's decision; only a new
    // payment counts towards the user's limit (the open one handed out again does not).
    const intent = await this.limits.limitNewPayments(user.id, () =>
      this.bus.request('payments.checkout', {
        userId: user.id,
        heroId: body.heroId,
        paymentType: body.unlockChapters === true ? 'chapters' : (body.paymentType ?? 'premium_upgrade'),
        email: body.email ?? user.email,
        walletAddress: body.walletAddress ?? null,
      }),
    );
    return {
      clientSecret: intent.clientSecret,
      paymentIntentId: intent.id,
      amount: intent.amount,
      currency: intent.currency,
      provider: intent.provider,
      paymentType: intent.paymentType,
    };
  }

  @Post('payments/local/confirm')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({
    summary: "Pay with a card through the offline 'local' provider (Stripe's test cards)",
    description: '4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined (402 with the card message).',
  })
  @ApiResponse({ status: 200, type: PaymentIntentResponse, description: "status 'succeeded'" })
  @ApiResponse({
    status: 402,
    type: ErrorResponse,
    description: "The card's message, e.g. 'Your card was declined.'",
  })
  @ApiResponse({ status: 404, type: ErrorResponse })
  @ApiResponse({
    status: 409,
    type: ErrorResponse,
    description:
      'The payment can no longer be paid: cancelled after three declined cards, the hero is premium ' +
      "already, or the chapter pack's price changed. Nothing is charged; start a new payment. Also while " +
      'the per-payment number of cards is already being tried by other confirmations (wait for their answer).',
  })
  @ApiResponse({
    status: 429,
    type: ErrorResponse,
    description: 'Too many declined cards for this user (with Retry-After).',
  })
  async confirmLocal(@Body() body: ConfirmLocalPaymentBody, @CurrentUser() user: AuthenticatedUser) {
    return this.limits.limitDeclines(user.id, () =>
      this.bus.request('payments.confirm-local', {
        userId: user.id,
        clientSecret: body.clientSecret,
        card: {
          number: body.card.number,
          expMonth: body.card.expMonth,
          expYear: body.card.expYear,
          cvc: body.card.cvc,
        },
      }),
    );
  }

  @Public()
  @Post('payments/webhook')
  @HttpCode(200)
  @ApiOperation({ summary: 'Stripe webhook (signed with the Stripe-Signature header)' })
  @ApiHeader({ name: 'stripe-signature', required: true })
  @ApiResponse({ status: 200, type: WebhookResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: 'Invalid webhook signature.' })
  async webhook(
    @Req() request: RawBodyRequest,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<WebhookResponse> {
    const raw = request.rawBody;
    if (!Buffer.isBuffer(raw) || !signature) {
      throw new ApiException({
        status: 400,
        code: ErrorCodes.BAD_REQUEST,
        message: 'Invalid webhook signature.',
      });
    }
    await this.bus.request('payments.stripe-webhook', { rawBodyBase64: raw.toString('base64'), signature });
    return { received: true };
  }
}
