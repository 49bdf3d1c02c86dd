import { Module } from '@nestjs/common';
import { AiQuotaFlag, MessageBus } from '@starborn/messaging';
import { BASE_CONFIG, Clock, serviceConfig, serviceImports, type BaseConfig } from '@starborn/runtime';
import { UserDeletionHandlers } from './account/user-deletion.handlers.js';
import { UserDeletionService } from './account/user-deletion.service.js';
import { UserExportHandlers } from './account/user-export.handlers.js';
import { UserExportService } from './account/user-export.service.js';
import { CheckoutService } from './checkout/checkout.service.js';
import { PAYMENTS_CONFIG, paymentsEnvSchema, type PaymentsConfig } from './config.js';
import { FulfilmentService } from './intents/fulfilment.service.js';
import { PaymentsHandlers } from './intents/payments.handlers.js';
import { PaymentsService } from './intents/payments.service.js';
import { paymentsMigrations } from './migrations/index.js';
import { LocalPaymentProvider } from './providers/local.provider.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider.js';
import { StripePaymentProvider } from './providers/stripe.provider.js';

export function createPaymentProvider(config: PaymentsConfig): PaymentProvider {
  if (config.PAYMENTS_PROVIDER === 'stripe')
    return new StripePaymentProvider({
      secretKey: config.STRIPE_SECRET_KEY!,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      host: config.STRIPE_API_HOST,
      port: config.STRIPE_API_PORT,
      protocol: config.STRIPE_API_PROTOCOL,
    });
  return new LocalPaymentProvider();
}

/** Owns the "payments" schema: prices (server-side only), payment intents, provider webhooks, payment.succeeded. */
@Module({
  imports: serviceImports({
    service: 'payments',
    // Plain SQL in the query module (intents/payments.queries.ts), as in every service.
    database: { entities: [], migrations: paymentsMigrations },
    messageBus: true,
  }),
  controllers: [PaymentsHandlers, UserExportHandlers, UserDeletionHandlers],
  providers: [
    serviceConfig(PAYMENTS_CONFIG, paymentsEnvSchema),
    {
      provide: PAYMENT_PROVIDER,
      inject: [PAYMENTS_CONFIG],
      useFactory: createPaymentProvider,
    },
    {
      // The flag the generation workers raise; read on the bus's own Redis connection.
      provide: AiQuotaFlag,
      inject: [MessageBus, BASE_CONFIG],
      useFactory: (bus: MessageBus, config: BaseConfig) =>
        new AiQuotaFlag(bus.unwrap<ConstructorParameters<typeof AiQuotaFlag>[0]>(), config.REDIS_PREFIX),
    },
    Clock,
    FulfilmentService,
    PaymentsService,
    CheckoutService,
    UserExportService,
    UserDeletionService,
  ],
})
export class PaymentsModule {}
