import { Body, Controller, Get, Headers, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ErrorCodes, STORY_FULLY_UNLOCKED, type PaymentType } from '@starborn/contracts';
import { AiQuotaFlag, MessageBus, RemoteError } from '@starborn/messaging';
import type { FastifyRequest } from 'fastify';
import { ErrorResponse } from '../auth/auth.dto.js';
import { CurrentUser, Public } from '../auth/jwt-auth.guard.js';
import type { AuthenticatedUser } from '../auth/token-verifier.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ApiException } from '../http/http-error.filter.js';
import { UserActionRateLimiter } from '../limits/user-action-rate-limiter.js';
import { PaymentRateLimiter } from './payment-rate-limiter.js';
import {
  ConfirmLocalPaymentBody,
  CreatePaymentIntentBody,
  CreatePaymentIntentResponse,
  PaymentIntentResponse,
  PaymentsConfigResponse,
  WebhookResponse,
} from './payments.dto.js';

/** A chapters purchase for a hero whose storybook does not exist (yet). */
export const NO_STORYBOOK_YET_MESSAGE =
  "This hero's storybook is not ready yet, so there are no chapters to unlock. Please try again once your hero's first chapter has appeared.";

/** A premium upgrade for a hero that is premium already: refused before any money moves. */
export const ALREADY_PREMIUM_MESSAGE = 'This hero is already premium.';

export const PAYMENT_QUOTA_MESSAGE =
  'Payment processing is temporarily disabled because the AI service quota has been exceeded. Please try again later.';

type RawBodyRequest = FastifyRequest & { rawBody?: Buffer };

@ApiTags('payments')
@Controller('api')
export class PaymentsController {
  constructor(
    private readonly bus: MessageBus,
    @Inject(AiQuotaFlag) private readonly quota: AiQuotaFlag,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly limits: PaymentRateLimiter,
    private readonly userLimits: UserActionRateLimiter,
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
      "Too many payments started by this user (with Retry-After), or errorType 'quota_exceeded'. " +
      'A premium upgrade with an unpaid intent open answers that same intent.',
  })
  async createIntent(
    @Body() body: CreatePaymentIntentBody,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<CreatePaymentIntentResponse> {
    await this.userLimits.consume('payment-intent', user.id);
    const hero = await this.bus.request('heroes.payment-context', { userId: user.id, heroId: body.heroId });
    const paymentType: PaymentType =
      body.unlockChapters === true ? 'chapters' : (body.paymentType ?? 'premium_upgrade');
    if (paymentType === 'premium_upgrade' && hero.paymentStatus === 'paid') {
      throw new ApiException({ status: 409, code: ErrorCodes.CONFLICT, message: ALREADY_PREMIUM_MESSAGE });
    }
    // Chapters are only sold for a story that can still take more of them, and priced by that story.
    const premiumStory =
      paymentType === 'chapters'
        ? await this.premiumStoryTakingChapters(user.id, body.heroId)
        : hero.premiumStory;
    if (await this.quota.isExceeded()) {
      throw new ApiException({
        status: 429,
        code: ErrorCodes.QUOTA_EXCEEDED,
        message: PAYMENT_QUOTA_MESSAGE,
        errorType: 'quota_exceeded',
      });
    }
    const intent = await this.bus.request('payments.create-intent', {
      userId: user.id,
      heroId: body.heroId,
      paymentType,
      premiumStory,
      email: body.email ?? user.email,
      walletAddress: body.walletAddress ?? null,
    });
    return {
      clientSecret: intent.clientSecret,
      paymentIntentId: intent.id,
      amount: intent.amount,
      currency: intent.currency,
      provider: intent.provider,
      paymentType: intent.paymentType,
    };
  }

  /**
   * Whether the hero's story is premium (the chapter pack's price follows the story, as the chapters
   * panel's labels do); 409 when the hero has no storybook yet, or its premium story is fully unlocked.
   */
  private async premiumStoryTakingChapters(userId: string, heroId: string): Promise<boolean> {
    const view = await this.bus.request('storybook.get', { userId, heroId }).catch((error: unknown) => {
      if (error instanceof RemoteError && error.status === 404) return null;
      throw error;
    });
    if (!view) {
      throw new ApiException({ status: 409, code: ErrorCodes.CONFLICT, message: NO_STORYBOOK_YET_MESSAGE });
    }
    const { storyBook } = view;
    if (storyBook.isPremium && storyBook.chaptersUnlockedCount >= storyBook.chaptersTotalCount) {
      throw new ApiException({ status: 409, code: ErrorCodes.CONFLICT, message: STORY_FULLY_UNLOCKED });
    }
    return storyBook.isPremium;
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
      "already, or the chapter pack's price changed. Nothing is charged; start a new payment.",
  })
  @ApiResponse({
    status: 429,
    type: ErrorResponse,
    description: 'Too many declined cards for this user (with Retry-After).',
  })
  async confirmLocal(@Body() body: ConfirmLocalPaymentBody, @CurrentUser() user: AuthenticatedUser) {
    await this.limits.assertMayConfirm(user.id);
    try {
      return await this.bus.request('payments.confirm-local', {
        userId: user.id,
        clientSecret: body.clientSecret,
        card: {
          number: body.card.number,
          expMonth: body.card.expMonth,
          expYear: body.card.expYear,
          cvc: body.card.cvc,
        },
      });
    } catch (error) {
      // Declined cards count per user across gateways (card testing); other failures do not.
      if (error instanceof RemoteError && error.status === 402) await this.limits.countDecline(user.id);
      throw error;
    }
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
