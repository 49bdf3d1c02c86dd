/**
 * Security headers on every kind of response the gateway sends (API answers, errors, the web app's
 * page and assets, the API docs): a Permissions-Policy that turns off what the app never uses, and a
 * Content-Security-Policy whose connections reach this origin only (plus Stripe's API with Stripe).
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loneGateways, type LoneGateways } from './__tests__/lone-gateway.js';
import { writeWebBuild } from './__tests__/suite-env.js';
import { DENIED_FEATURES } from './http/security-headers.js';

let gateways: LoneGateways;

/** A policy header as a map: 'camera' → '()'. */
function features(header: string): Map<string, string> {
  return new Map(
    header.split(',').map((entry) => {
      const [name, ...allow] = entry.trim().split('=');
      return [name, allow.join('=')];
    }),
  );
}

function connectSrc(csp: string): string[] {
  const directive = csp.split(';').find((part) => part.trim().startsWith('connect-src '));
  return directive ? directive.trim().split(/\s+/).slice(1) : [];
}

/** Responses of every kind: JSON, a 401, a 404, a 400, the SPA page, a static asset, the API docs. */
const REQUESTS = [
  { method: 'GET', url: '/api/payments/config', status: 200 },
  { method: 'GET', url: '/api/user', status: 401 },
  { method: 'GET', url: '/api/no-such-route', status: 404 },
  { method: 'POST', url: '/api/auth/login', status: 400, payload: '{not json', json: true },
  { method: 'GET', url: '/hero/123', status: 200 },
  { method: 'GET', url: '/assets/app.js', status: 200 },
  { method: 'GET', url: '/api/docs', status: 200 },
] as const;

async function responses(app: NestFastifyApplication) {
  const fastify = app.getHttpAdapter().getInstance();
  const answers = [];
  for (const request of REQUESTS) {
    const response = await fastify.inject({
      method: request.method,
      url: request.url,
      ...('payload' in request
        ? { payload: request.payload, headers: { 'content-type': 'application/json' } }
        : {}),
    });
    expect([request.url, response.statusCode]).toEqual([request.url, request.status]);
    answers.push({ url: request.url, headers: response.headers });
  }
  return answers;
}

beforeAll(async () => {
  gateways = await loneGateways('gateway-headers');
  await writeWebBuild(gateways.workDir, {
    'index.html': '<!doctype html><title>Starborn</title>',
    'assets/app.js': 'console.log(1);',
  });
});

afterAll(() => gateways?.cleanUp());

describe('security headers', () => {
  it('local: every response denies the unused features and payment; connections to this origin only', async () => {
    const app = await gateways.start();
    try {
      for (const { url, headers } of await responses(app)) {
        const policy = features(String(headers['permissions-policy']));
        for (const feature of ['camera', 'microphone', 'geolocation', 'usb', 'payment', ...DENIED_FEATURES]) {
          expect([url, feature, policy.get(feature)]).toEqual([url, feature, '()']);
        }
        expect([url, policy.get('clipboard-write')]).toEqual([url, '(self)']);
        expect([...policy.values()].filter((allow) => allow !== '()' && allow !== '(self)')).toEqual([]);
        if (url !== '/api/docs') {
          expect([url, connectSrc(String(headers['content-security-policy']))]).toEqual([url, ["'self'"]]);
        }
      }
    } finally {
      await app.close();
    }
  });

  it('stripe: payment for this page and Stripe.js frames only; connections to this origin and Stripe API', async () => {
    const app = await gateways.start({
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_headers',
    });
    try {
      for (const { url, headers } of await responses(app)) {
        const policy = features(String(headers['permissions-policy']));
        expect([url, policy.get('payment')]).toEqual([url, '(self "https://js.stripe.com")']);
        for (const feature of ['camera', 'microphone', 'geolocation', 'usb']) {
          expect([url, feature, policy.get(feature)]).toEqual([url, feature, '()']);
        }
        if (url !== '/api/docs') {
          expect([url, connectSrc(String(headers['content-security-policy']))]).toEqual([
            url,
            ["'self'", 'https://api.stripe.com'],
          ]);
        }
      }
    } finally {
      await app.close();
    }
  });
});
