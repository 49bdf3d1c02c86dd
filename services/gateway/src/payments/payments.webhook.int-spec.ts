import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthModule } from '@starborn/auth';
import { PaymentsModule } from '@starborn/payments';
import { createHmac } from 'node:crypto';
import { listenOnLoopback, startServices, suiteEnv, type SuiteEnv } from '../__tests__/suite-env.js';
import { createGatewayApp } from '../app.js';

// The gateway in front of a payments service configured for Stripe: webhooks are checked on the raw bytes.
const WEBHOOK_SECRET = 'whsec_gateway_test_secret';
let suite: SuiteEnv;
let gateway: NestFastifyApplication;
let baseUrl: string;
let services: INestMicroservice[] = [];

beforeAll(async () => {
  suite = await suiteEnv('gwhook');
  const env = {
    ...suite.env,
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_unused',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    // No Stripe API is called here; point the SDK at a closed port anyway.
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: '9',
    STRIPE_API_PROTOCOL: 'http',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_gateway',
  };
  services = await startServices({ auth: AuthModule, payments: PaymentsModule }, env);
  ({ app: gateway } = await createGatewayApp(env));
  baseUrl = await listenOnLoopback(gateway);
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await Promise.all(services.map((service) => service.close()));
  await suite?.cleanUp();
});

/** Stripe's scheme: v1 = HMAC-SHA256(secret, `${t}.${payload}`). */
function sign(payload: string, secret = WEBHOOK_SECRET): string {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
}

const post = (body: string, signature?: string) =>
  fetch(`${baseUrl}/api/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body,
  }).then(async (response) => ({ status: response.status, json: await response.json() }));

describe('gateway: Stripe webhook', () => {
  // Whitespace and key order that a re-serialised body would lose: only the raw bytes verify.
  const payload = `{ "id": "evt_gw_1",  "object": "event", "type": "customer.created",
    "data": { "object": { "id": "cus_1", "object": "customer" } } }`;

  it('answers 200 {received:true} for a correctly signed body', async () => {
    const answer = await post(payload, sign(payload));
    expect(answer).toEqual({ status: 200, json: { received: true } });
  });

  it('answers 400 for a wrong signature, a tampered body or none', async () => {
    const wrong = await post(payload, sign(payload, 'whsec_someone_else'));
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ message: 'Invalid webhook signature.' });
    const tampered = await post(payload.replace('cus_1', 'cus_2'), sign(payload));
    expect(tampered.status).toBe(400);
    expect((await post(payload)).status).toBe(400);
  });

  it('hands the publishable key to the browser', async () => {
    const config = await fetch(`${baseUrl}/api/payments/config`).then((r) => r.json());
    expect(config).toEqual({ provider: 'stripe', publishableKey: 'pk_test_gateway', currency: 'usd' });
  });
});
