/**
 * A small stand-in for Stripe's API on loopback, for the tests of the `stripe` provider (browser tests,
 * the payments service's integration tests).
 *
 * - The payments service's SDK calls it with the secret key (form-encoded, as Stripe's API takes it):
 *   POST /v1/payment_intents (idempotency keys honoured) and GET /v1/payment_intents/:id.
 * - The browser's Stripe.js (the tests' fake, reached through a route for https://api.stripe.com) calls
 *   it with the publishable key and the client secret: POST /v1/payment_intents/:id/confirm and
 *   GET /v1/payment_intents/:id. Stripe's test cards behave as in Stripe.
 * - Like Stripe, it tells the server through a webhook: payment_intent.succeeded (or .payment_failed)
 *   POSTed to the webhook URL with a Stripe-Signature header (HMAC-SHA256 of `${t}.${payload}` with
 *   the endpoint secret). The event is delivered before the confirmation answers, so a test sees the
 *   webhook path, not the client's follow-up call, fulfil the payment.
 * - Refunds and cancellations with the secret key: POST /v1/refunds (payment_intent; idempotency keys
 *   honoured; a full refund of a succeeded intent, as the payments service asks) and
 *   POST /v1/payment_intents/:id/cancel. A cancelled intent cannot be confirmed any more.
 * - GET /__fake/state lists the intents, refunds and webhook deliveries, for assertions.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

const API_VERSION = '2025-01-27.acacia';

/** Stripe's test cards (https://docs.stripe.com/testing) that the tests and developers use. */
interface Decline {
  code: string;
  decline_code?: string;
  message: string;
}

const DECLINES: Record<string, Decline> = {
  4000000000000002: {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  4000000000009995: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  4000000000000069: { code: 'expired_card', message: 'Your card has expired.' },
  4000000000000127: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  4000000000000119: {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

type Json = Record<string, unknown>;
type Answer = [status: number, body: unknown];

const invalidApiKey = (): Answer => [
  401,
  { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } },
];

const noSuchIntent = (intentId: string | null): Answer => [
  404,
  {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such payment_intent: '${intentId}'`,
    },
  },
];

/** The `metadata[name]=value` fields of a form, as Stripe stores them. */
function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of form) {
    const match = /^metadata\[(.+)\]$/.exec(name);
    if (match) metadata[match[1]] = value;
  }
  return metadata;
}

/**
 * Why Stripe would decline the card of a confirmation form (`payment_method_data[card][…]`), or
 * undefined when it is accepted: Stripe's declining test cards, then the number's checksum, the expiry
 * (a past month, or none) and the security code, in that order.
 */
export function cardDecline(form: URLSearchParams, now = new Date()): Decline | undefined {
  const number = (form.get('payment_method_data[card][number]') ?? '').replace(/\D/g, '');
  const expMonth = Number(form.get('payment_method_data[card][exp_month]'));
  const expYear = Number(form.get('payment_method_data[card][exp_year]'));
  const cvc = form.get('payment_method_data[card][cvc]') ?? '';
  if (DECLINES[number]) return DECLINES[number];
  if (!passesLuhn(number)) return { code: 'incorrect_number', message: 'Your card number is incorrect.' };
  const year = expYear < 100 ? 2000 + expYear : expYear;
  if (!expMonth || year * 12 + expMonth - 1 < now.getFullYear() * 12 + now.getMonth())
    return { code: 'invalid_expiry_year', message: "Your card's expiration year is invalid." };
  if (!/^\d{3,4}$/.test(cvc))
    return { code: 'incorrect_cvc', message: "Your card's security code is incorrect." };
  return undefined;
}

/** Stripe's webhook signature header for a payload. */
export function stripeSignature(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export interface FakeStripeOptions {
  /** 0 (the default) for any free port. */
  port?: number;
  /** The key the server side (the payments service's SDK) sends as its Bearer token. */
  secretKey: string;
  /** The key the browser's Stripe.js sends; without it only the server-side calls are answered. */
  publishableKey?: string;
  /** Where the events go, signed with `webhookSecret`; without it no webhook is sent. */
  webhookUrl?: string;
  webhookSecret?: string;
}

/** A PaymentIntent as the fake stores it (Stripe's fields the tests and the service read). */
export interface FakeStripeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  created: number;
  livemode: false;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean } | null;
  payment_method_types: string[];
  payment_method: string | null;
  receipt_email: string | null;
  last_payment_error: Json | null;
  latest_charge: string | null;
  amount_refunded: number;
  cancellation_reason: string | null;
}

export interface FakeStripeDelivery {
  eventId: string;
  type: string;
  intentId: string;
  /** The HTTP status the webhook endpoint answered (0 when it did not answer). */
  status: number;
  response: string;
}

export interface FakeStripeState {
  intents: FakeStripeIntent[];
  refunds: Json[];
  deliveries: FakeStripeDelivery[];
}

/** A request the fake answered, as it came: for tests that check what the service sends. */
export interface FakeStripeRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

export interface FakeStripeApi {
  port: number;
  /** What it holds: the intents, refunds and webhook deliveries (also at GET /__fake/state). */
  state(): FakeStripeState;
  /** Every request so far, oldest first. */
  requests: FakeStripeRequest[];
  close(): Promise<void>;
}

/** Starts the fake on 127.0.0.1 (`port`, or any free one). */
export async function startFakeStripeApi({
  port = 0,
  secretKey,
  publishableKey,
  webhookSecret = '',
  webhookUrl,
}: FakeStripeOptions): Promise<FakeStripeApi> {
  const intents = new Map<string, FakeStripeIntent>();
  const byIdempotencyKey = new Map<string, FakeStripeIntent>();
  const refunds: Json[] = [];
  const refundsByKey = new Map<string, Json>();
  const deliveries: FakeStripeDelivery[] = [];
  const requests: FakeStripeRequest[] = [];
  const state = (): FakeStripeState => ({ intents: [...intents.values()], refunds, deliveries });

  async function deliver(type: string, intent: FakeStripeIntent): Promise<void> {
    if (!webhookUrl) return;
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: id('req'), idempotency_key: null },
      type,
      data: { object: { ...intent } },
    };
    const payload = JSON.stringify(event);
    const delivery: FakeStripeDelivery = {
      eventId: event.id,
      type,
      intentId: intent.id,
      status: 0,
      response: '',
    };
    deliveries.push(delivery);
    // Stripe retries failed deliveries; a few quick attempts are enough here.
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        const response = await fetch(webhookUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': stripeSignature(payload, webhookSecret),
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        delivery.status = response.status;
        delivery.response = await response.text();
        if (response.ok) return;
      } catch (error) {
        delivery.response = String(error);
      }
      await new Promise((resolve) => setTimeout(resolve, 300 * (attempt + 1)));
    }
  }

  /** What the publishable key may see of an intent (as Stripe's client-side API answers). */
  const clientView = (intent: FakeStripeIntent) => ({
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    currency: intent.currency,
    status: intent.status,
    client_secret: intent.client_secret,
    created: intent.created,
    livemode: false,
    payment_method: intent.payment_method,
    payment_method_types: intent.payment_method_types,
    receipt_email: intent.receipt_email,
    last_payment_error: intent.last_payment_error,
    next_action: null,
  });

  function cardError(intent: FakeStripeIntent, decline: Decline) {
    return {
      error: {
        type: 'card_error',
        ...decline,
        doc_url: `https://docs.stripe.com/error-codes/${decline.code.replace(/_/g, '-')}`,
        payment_intent: clientView(intent),
      },
    };
  }

  const unexpectedState = (intent: FakeStripeIntent): Answer => [
    400,
    {
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `This PaymentIntent's status is ${intent.status}.`,
        payment_intent: clientView(intent),
      },
    },
  ];

  async function confirm(intent: FakeStripeIntent, form: URLSearchParams): Promise<Answer> {
    if (intent.status === 'canceled') return unexpectedState(intent);
    if (intent.status === 'succeeded') {
      return [
        400,
        {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: 'This PaymentIntent has already succeeded.',
          },
        },
      ];
    }
    const email = form.get('receipt_email');
    if (email) intent.receipt_email = email;
    intent.payment_method = id('pm');
    const decline = cardDecline(form);

    if (decline) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', ...decline };
      await deliver('payment_intent.payment_failed', intent);
      return [402, cardError(intent, decline)];
    }
    intent.status = 'succeeded';
    intent.last_payment_error = null;
    intent.latest_charge = id('ch');
    await deliver('payment_intent.succeeded', intent);
    return [200, clientView(intent)];
  }

  async function handle(req: IncomingMessage, form: URLSearchParams, url: URL): Promise<Answer> {
    const bearer = req.headers.authorization === `Bearer ${secretKey}`;
    const intentPath = /^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/.exec(url.pathname);

    if (req.method === 'GET' && url.pathname === '/__fake/state') {
      return [200, state()];
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      if (!bearer) return invalidApiKey();
      const key = String(req.headers['idempotency-key'] ?? '');
      const known = key ? refundsByKey.get(key) : undefined;
      if (known) return [200, known];
      const intent = intents.get(form.get('payment_intent') ?? '');
      if (!intent) return noSuchIntent(form.get('payment_intent'));
      if (intent.status !== 'succeeded' || intent.amount_refunded >= intent.amount)
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              code: 'charge_already_refunded',
              message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
            },
          },
        ];
      const refund: Json = {
        id: id('re'),
        object: 'refund',
        amount: intent.amount,
        currency: intent.currency,
        payment_intent: intent.id,
        charge: intent.latest_charge,
        reason: form.get('reason'),
        metadata: metadataOf(form),
        status: 'succeeded',
        created: Math.floor(Date.now() / 1000),
      };
      intent.amount_refunded = intent.amount;
      refunds.push(refund);
      if (key) refundsByKey.set(key, refund);
      return [200, refund];
    }
    const cancelPath = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
    if (req.method === 'POST' && cancelPath) {
      if (!bearer) return invalidApiKey();
      const intent = intents.get(decodeURIComponent(cancelPath[1]));
      if (!intent) return noSuchIntent(cancelPath[1]);
      if (intent.status === 'succeeded' || intent.status === 'canceled') return unexpectedState(intent);
      intent.status = 'canceled';
      intent.cancellation_reason = form.get('cancellation_reason');
      return [200, intent];
    }
    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      if (!bearer) return invalidApiKey();
      const key = String(req.headers['idempotency-key'] ?? '');
      const known = key ? byIdempotencyKey.get(key) : undefined;
      if (known) return [200, known];
      const intentId = id('pi');
      const intent: FakeStripeIntent = {
        id: intentId,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? 'usd',
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        metadata: metadataOf(form),
        automatic_payment_methods:
          form.get('automatic_payment_methods[enabled]') === 'true' ? { enabled: true } : null,
        payment_method_types: ['card'],
        payment_method: null,
        receipt_email: form.get('receipt_email'),
        last_payment_error: null,
        latest_charge: null,
        amount_refunded: 0,
        cancellation_reason: null,
      };
      intents.set(intentId, intent);
      if (key) byIdempotencyKey.set(key, intent);
      return [200, intent];
    }
    if (intentPath) {
      const intent = intents.get(decodeURIComponent(intentPath[1]));
      const missing = noSuchIntent(intentPath[1]);
      if (bearer && req.method === 'GET' && !intentPath[2]) return intent ? [200, intent] : missing;
      // The browser: the publishable key and the intent's client secret.
      const params = req.method === 'GET' ? url.searchParams : form;
      if (params.get('key') !== publishableKey) return invalidApiKey();
      if (!intent || params.get('client_secret') !== intent.client_secret) return missing;
      if (req.method === 'GET' && !intentPath[2]) return [200, clientView(intent)];
      if (req.method === 'POST' && intentPath[2]) return confirm(intent, form);
    }
    return [
      404,
      {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${req.method}: ${url.pathname}).`,
        },
      },
    ];
  }

  const server = createServer((req, res) => {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': 'content-type',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      return res.end();
    }
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const form = new URLSearchParams(body);
      requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, form });
      handle(req, form, url).then(
        ([status, json]) => {
          res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...cors });
          res.end(JSON.stringify(json));
        },
        (error) => {
          res.writeHead(500, { 'content-type': 'application/json', ...cors });
          res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    state,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
