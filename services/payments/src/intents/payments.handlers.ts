import { UseInterceptors } from '@nestjs/common';
import { messageHandlers } from '@starborn/messaging';
import { CheckoutService } from '../checkout/checkout.service.js';
import { PaymentMetricsInterceptor } from '../metrics/payment-metrics.js';
import { PaymentsService } from './payments.service.js';

export const PaymentsHandlers = messageHandlers([PaymentsService, CheckoutService], {
  'payments.quote': (query, payments) => payments.quote(query?.paymentType, query?.premiumStory),
  'payments.create-intent': (command, payments) => payments.createIntent(command),
  'payments.checkout': (command, _payments, sales) => sales.checkout(command),
  'payments.checkout-quote': (query, _payments, sales) => sales.quote(query),
  'payments.confirm-local': (command, payments) => payments.confirmLocal(command),
  'payments.stripe-webhook': (command, payments) => payments.handleStripeWebhook(command),
  'payments.find-succeeded': (query, payments) => payments.findSucceeded(query),
  'payments.refund': (command, payments) => payments.refund(command),
  'payments.list-succeeded': (query, payments) => payments.listSucceeded(query),
});
UseInterceptors(PaymentMetricsInterceptor)(PaymentsHandlers);
