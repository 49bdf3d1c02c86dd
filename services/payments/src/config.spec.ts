import { ConfigError, loadConfig, TEST_PAYMENTS_OPT_IN } from '@starborn/runtime';
import { paymentsEnvSchema } from './config.js';

const STRIPE = {
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};

function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(paymentsEnvSchema, env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('payments configuration in production', () => {
  it('refuses the local test-card provider, by default or by name, saying what to set', () => {
    for (const env of [{ NODE_ENV: 'production' }, { NODE_ENV: 'production', PAYMENTS_PROVIDER: 'local' }]) {
      const found = problems(env);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(
        /^PAYMENTS_PROVIDER: is local in production, where anyone could pay with a test card/,
      );
      expect(found[0]).toContain('PAYMENTS_PROVIDER=stripe');
      expect(found[0]).toContain(`ALLOW_TEST_PAYMENTS_IN_PRODUCTION=${TEST_PAYMENTS_OPT_IN}`);
    }
  });

  it('starts with Stripe and both of its keys', () => {
    expect(problems({ NODE_ENV: 'production', ...STRIPE })).toEqual([]);
    expect(loadConfig(paymentsEnvSchema, { NODE_ENV: 'production', ...STRIPE }).PAYMENTS_PROVIDER).toBe(
      'stripe',
    );
  });

  it('refuses Stripe without its secret key or webhook secret (empty counts as missing)', () => {
    expect(problems({ NODE_ENV: 'production', ...STRIPE, STRIPE_SECRET_KEY: '' })).toEqual([
      'STRIPE_SECRET_KEY: STRIPE_SECRET_KEY is required when PAYMENTS_PROVIDER=stripe',
    ]);
    expect(problems({ NODE_ENV: 'production', PAYMENTS_PROVIDER: 'stripe' })).toHaveLength(2);
  });

  it('runs test payments only with the exact, loud opt-in', () => {
    const demo = { NODE_ENV: 'production', PAYMENTS_PROVIDER: 'local' };
    expect(problems({ ...demo, ALLOW_TEST_PAYMENTS_IN_PRODUCTION: TEST_PAYMENTS_OPT_IN })).toEqual([]);
    for (const value of ['true', '1', 'yes']) {
      const found = problems({ ...demo, ALLOW_TEST_PAYMENTS_IN_PRODUCTION: value });
      expect(found).toContain(
        `ALLOW_TEST_PAYMENTS_IN_PRODUCTION: the only accepted value is ${TEST_PAYMENTS_OPT_IN}`,
      );
    }
    expect(problems({ ...demo, ALLOW_TEST_PAYMENTS_IN_PRODUCTION: '' })).toHaveLength(1);
  });

  it('keeps the local provider the default in development and tests', () => {
    expect(loadConfig(paymentsEnvSchema, {}).PAYMENTS_PROVIDER).toBe('local');
    expect(problems({ NODE_ENV: 'test' })).toEqual([]);
    expect(problems({ NODE_ENV: 'development', PAYMENTS_PROVIDER: 'local' })).toEqual([]);
  });
});
