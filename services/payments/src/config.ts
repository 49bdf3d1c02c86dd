import {
  baseEnvSchema,
  emptyAsUnset,
  refineTestPaymentsInProduction,
  testPaymentsEnvShape,
} from '@starborn/runtime';
import { z } from 'zod';

export const paymentsEnvSchema = baseEnvSchema
  .extend(testPaymentsEnvShape)
  .extend({
    /**
     * `local` (default in development): an offline provider with Stripe's test-card rules; refused in
     * production without ALLOW_TEST_PAYMENTS_IN_PRODUCTION. `stripe`: the real Stripe API.
     */
    PAYMENTS_PROVIDER: z.enum(['local', 'stripe']).default('local'),
    STRIPE_SECRET_KEY: emptyAsUnset(z.string().min(1).optional()),
    STRIPE_WEBHOOK_SECRET: emptyAsUnset(z.string().min(1).optional()),
    /** Only to point the SDK at a fake Stripe API (tests, local development). */
    STRIPE_API_HOST: z.string().min(1).optional(),
    STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
    /** Declined cards one payment intent takes before it is cancelled (stops card testing). */
    PAYMENTS_MAX_DECLINES_PER_INTENT: z.coerce.number().int().min(1).max(20).default(3),
    /** How often succeeded payments whose event could not be emitted are emitted again. */
    PAYMENTS_REEMIT_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  })
  .superRefine((env, ctx) => {
    refineTestPaymentsInProduction(env, ctx);
    if (env.PAYMENTS_PROVIDER !== 'stripe') return;
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!env[key])
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} is required when PAYMENTS_PROVIDER=stripe`,
        });
    }
  });
export type PaymentsConfig = z.infer<typeof paymentsEnvSchema>;
export const PAYMENTS_CONFIG = Symbol('PAYMENTS_CONFIG');
