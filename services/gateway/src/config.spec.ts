import { gatewayEnvSchema, publicOrigin } from './config.js';

const PRODUCTION = {
  NODE_ENV: 'production',
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
  MEDIA_URL_SECRET: 'x'.repeat(48),
};

function issues(env: Record<string, string>): string[] {
  const parsed = gatewayEnvSchema.safeParse(env);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('PUBLIC_ORIGIN', () => {
  it('is required in production', () => {
    expect(issues(PRODUCTION).filter((issue) => issue.startsWith('PUBLIC_ORIGIN'))).toEqual([
      'PUBLIC_ORIGIN: PUBLIC_ORIGIN is required in production (the https:// address of the site)',
    ]);
    expect(issues({ ...PRODUCTION, PUBLIC_ORIGIN: 'https://starborn.example' })).toEqual([]);
  });

  it('defaults to the gateway on localhost in development', () => {
    expect(publicOrigin(gatewayEnvSchema.parse({ PORT: '4100' }))).toBe('http://localhost:4100');
    expect(publicOrigin(gatewayEnvSchema.parse({ PUBLIC_ORIGIN: '' }))).toBe('http://localhost:3000');
  });

  it('takes an http(s) origin, without a trailing slash', () => {
    expect(publicOrigin(gatewayEnvSchema.parse({ PUBLIC_ORIGIN: 'https://Starborn.example/' }))).toBe(
      'https://starborn.example',
    );
    expect(publicOrigin(gatewayEnvSchema.parse({ PUBLIC_ORIGIN: 'http://127.0.0.1:4100' }))).toBe(
      'http://127.0.0.1:4100',
    );
    for (const bad of [
      'starborn.example',
      'ftp://starborn.example',
      'https://starborn.example/app',
      'https://x.example/?a=1',
    ]) {
      expect(issues({ PUBLIC_ORIGIN: bad }).some((issue) => issue.startsWith('PUBLIC_ORIGIN'))).toBe(true);
    }
  });
});
