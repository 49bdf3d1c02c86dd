import { Controller, UseInterceptors } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type {
  CheckoutCommand,
  ConfirmLocalPaymentCommand,
  CreatePaymentIntentCommand,
  PaymentType,
  RefundPaymentCommand,
  StripeWebhookCommand,
  SucceededPaymentQuery,
} from '@starborn/contracts';
import { OnCommand } from '@starborn/messaging';
import { CheckoutService } from '../checkout/checkout.service.js';
import { PaymentMetricsInterceptor } from '../metrics/payment-metrics.js';
import { PaymentsService } from './payments.service.js';

@Controller()
@UseInterceptors(PaymentMetricsInterceptor)
export class PaymentsHandlers {
  constructor(
    private readonly payments: PaymentsService,
    private readonly sales: CheckoutService,
  ) {}

  @OnCommand('payments.quote')
  quote(@Payload() query: { paymentType: PaymentType; premiumStory: boolean }) {
    return this.payments.quote(query?.paymentType, query?.premiumStory);
  }

  @OnCommand('payments.create-intent')
  createIntent(@Payload() command: CreatePaymentIntentCommand) {
    return this.payments.createIntent(command);
  }

  @OnCommand('payments.checkout')
  checkout(@Payload() command: CheckoutCommand) {
    return this.sales.checkout(command);
  }

  @OnCommand('payments.confirm-local')
  confirmLocal(@Payload() command: ConfirmLocalPaymentCommand) {
    return this.payments.confirmLocal(command);
  }

  @OnCommand('payments.stripe-webhook')
  stripeWebhook(@Payload() command: StripeWebhookCommand) {
    return this.payments.handleStripeWebhook(command);
  }

  @OnCommand('payments.find-succeeded')
  findSucceeded(@Payload() query: SucceededPaymentQuery) {
    return this.payments.findSucceeded(query);
  }

  @OnCommand('payments.refund')
  refund(@Payload() command: RefundPaymentCommand) {
    return this.payments.refund(command);
  }

  @OnCommand('payments.list-succeeded')
  listSucceeded(@Payload() query: SucceededPaymentQuery) {
    return this.payments.listSucceeded(query);
  }
}
