import { z } from 'zod';
import { emptyAsUnset } from './config.js';

/**
 * The only value of ALLOW_TEST_PAYMENTS_IN_PRODUCTION that lets a production deployment run the `local`
 * payment provider: anyone can "pay" with a test card there, so a demo must say so in as many words.
 */
export const TEST_PAYMENTS_OPT_IN = 'i-understand-anyone-can-pay-with-a-test-card';

/** The opt-in variable, for composing into a service's env schema (payments and the gateway). */
export const testPaymentsEnvShape = {
  ALLOW_TEST_PAYMENTS_IN_PRODUCTION: emptyAsUnset(
    z
      .literal(TEST_PAYMENTS_OPT_IN, { message: `the only accepted value is ${TEST_PAYMENTS_OPT_IN}` })
      .optional(),
  ),
};

/**
 * Production refuses the `local` provider (test cards grant premium for free) unless the operator opted in.
 * Shared by payments and the gateway, so the two never disagree about which provider runs.
 */
export function refineTestPaymentsInProduction(
  env: { NODE_ENV?: string; PAYMENTS_PROVIDER?: string; ALLOW_TEST_PAYMENTS_IN_PRODUCTION?: string },
  ctx: z.RefinementCtx,
): void {
  if (env.NODE_ENV !== 'production' || env.PAYMENTS_PROVIDER === 'stripe') return;
  if (env.ALLOW_TEST_PAYMENTS_IN_PRODUCTION === TEST_PAYMENTS_OPT_IN) return;
  ctx.addIssue({
    code: 'custom',
    path: ['PAYMENTS_PROVIDER'],
    message:
      `is ${env.PAYMENTS_PROVIDER ?? 'local'} in production, where anyone could pay with a test card: ` +
      'set PAYMENTS_PROVIDER=stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET ' +
      '(the gateway: STRIPE_PUBLISHABLE_KEY), or for a demo ' +
      `ALLOW_TEST_PAYMENTS_IN_PRODUCTION=${TEST_PAYMENTS_OPT_IN}`,
  });
}
