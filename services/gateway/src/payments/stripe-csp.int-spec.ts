/**
 * The Content-Security-Policy per payment provider: with `stripe` the page may load Stripe.js, frame its
 * Payment Element (and 3-D Secure pages) and call Stripe's API — nothing more; with `local` the
 * policy is the strict one the web app is built to pass.
 */
import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loneGateways, type LoneGateways } from '../__tests__/lone-gateway.js';
import { CONTENT_SECURITY_POLICY, contentSecurityPolicy } from '../http/security-headers.js';

/** The header as today's `local` build sends it (helmet's defaults plus CONTENT_SECURITY_POLICY). */
const LOCAL_CSP =
  "default-src 'self';base-uri 'self';font-src 'self';form-action 'self';frame-ancestors 'none';" +
  "img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self';" +
  "upgrade-insecure-requests;connect-src 'self'";

/** The policy's directives by name: 'script-src' → ["'self'", …]. */
function directives(header: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

let gateways: LoneGateways;
const gatewayWith = (extra: Record<string, string>) => gateways.start(extra);

async function cspOf(app: NestFastifyApplication): Promise<{ header: string; body: unknown }> {
  const response = await app
    .getHttpAdapter()
    .getInstance()
    .inject({ method: 'GET', url: '/api/payments/config' });
  expect(response.statusCode).toBe(200);
  return { header: String(response.headers['content-security-policy']), body: response.json() };
}

beforeAll(async () => {
  gateways = await loneGateways('gateway_csp');
});

afterAll(() => gateways?.cleanUp());

describe('content security policy by payment provider', () => {
  it('keeps the local policy exactly as it was', () => {
    expect(contentSecurityPolicy('local')).toBe(CONTENT_SECURITY_POLICY);
  });

  it('local: the strict policy, nothing from another origin', async () => {
    const app = await gatewayWith({});
    try {
      const { header, body } = await cspOf(app);
      expect(body).toEqual({ provider: 'local', publishableKey: null, currency: 'usd' });
      expect(header).toBe(LOCAL_CSP);
      expect(header).not.toContain('stripe');
    } finally {
      await app.close();
    }
  });

  it('stripe: adds exactly what Stripe.js needs (script, frames, API) and nothing more', async () => {
    const app = await gatewayWith({ PAYMENTS_PROVIDER: 'stripe', STRIPE_PUBLISHABLE_KEY: 'pk_test_csp' });
    try {
      const { header, body } = await cspOf(app);
      expect(body).toEqual({ provider: 'stripe', publishableKey: 'pk_test_csp', currency: 'usd' });
      const stripe = directives(header);
      const local = directives(LOCAL_CSP);
      expect(stripe.get('script-src')).toEqual(["'self'", 'https://js.stripe.com']);
      expect(stripe.get('frame-src')).toEqual([
        "'self'",
        'https://js.stripe.com',
        'https://hooks.stripe.com',
      ]);
      expect(stripe.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
      // Every other directive is the local one, unchanged (no inline code, no other origin).
      for (const [name, values] of local) {
        if (name === 'script-src' || name === 'connect-src') continue;
        expect([name, stripe.get(name)]).toEqual([name, values]);
      }
      expect([...stripe.keys()].sort()).toEqual([...local.keys(), 'frame-src'].sort());
      expect(header).not.toContain('unsafe-inline');
      expect(header).not.toContain('unsafe-eval');
    } finally {
      await app.close();
    }
  });
});
