import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { cardDecline, startFakeStripeApi, stripeSignature, type FakeStripeApi } from './fake-stripe.js';

const card = (number: string, expMonth = '12', expYear = '2040', cvc = '123') =>
  new URLSearchParams({
    'payment_method_data[card][number]': number,
    'payment_method_data[card][exp_month]': expMonth,
    'payment_method_data[card][exp_year]': expYear,
    'payment_method_data[card][cvc]': cvc,
  });

describe('cardDecline', () => {
  const now = new Date(2030, 5, 15); // June 2030

  it('accepts a valid card, spaces in its number allowed', () => {
    expect(cardDecline(card('4242 4242 4242 4242'), now)).toBeUndefined();
  });

  it("declines Stripe's declining test cards as Stripe does", () => {
    expect(cardDecline(card('4000000000000002'), now)).toMatchObject({ decline_code: 'generic_decline' });
    expect(cardDecline(card('4000000000009995'), now)).toMatchObject({ decline_code: 'insufficient_funds' });
    expect(cardDecline(card('4000000000000069'), now)).toMatchObject({ code: 'expired_card' });
  });

  it('checks the number, then the expiry (two-digit years too), then the security code', () => {
    expect(cardDecline(card('4242424242424241', '1', '2000', 'x'), now)?.code).toBe('incorrect_number');
    expect(cardDecline(card('4242424242424242', '5', '2030'), now)?.code).toBe('invalid_expiry_year');
    expect(cardDecline(card('4242424242424242', '6', '30'), now)).toBeUndefined();
    expect(cardDecline(card('4242424242424242', '', '2040'), now)?.code).toBe('invalid_expiry_year');
    expect(cardDecline(card('4242424242424242', '6', '2030', '12'), now)?.code).toBe('incorrect_cvc');
  });
});

describe('stripeSignature', () => {
  it('signs `${t}.${payload}` with the endpoint secret, as Stripe does', () => {
    const v1 = createHmac('sha256', 'whsec_x').update('1700000000.{"a":1}').digest('hex');
    expect(stripeSignature('{"a":1}', 'whsec_x', 1_700_000_000)).toBe(`t=1700000000,v1=${v1}`);
  });

  it('is what the Stripe SDK accepts for a webhook', async () => {
    const payload = '{"id":"evt_1","object":"event"}';
    const event = await new Stripe('sk_test_x').webhooks.constructEventAsync(
      payload,
      stripeSignature(payload, 'whsec_y'),
      'whsec_y',
    );
    expect(event.id).toBe('evt_1');
  });
});

describe('startFakeStripeApi options', () => {
  let api: FakeStripeApi | undefined;
  afterEach(() => api?.close());

  const stripe = (key: string, port: number) =>
    new Stripe(key, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });

  it('answers only the secret key it was given', async () => {
    api = await startFakeStripeApi({ secretKey: 'sk_test_right' });
    const intent = await stripe('sk_test_right', api.port).paymentIntents.create({
      amount: 499,
      currency: 'usd',
      metadata: { heroId: 'h1' },
    });
    expect(intent).toMatchObject({
      amount: 499,
      status: 'requires_payment_method',
      metadata: { heroId: 'h1' },
    });
    await expect(stripe('sk_test_wrong', api.port).paymentIntents.retrieve(intent.id)).rejects.toMatchObject({
      statusCode: 401,
    });
    expect(api.state().intents.map((stored) => stored.id)).toEqual([intent.id]);
  });

  it('without a publishable key, the browser calls are refused', async () => {
    api = await startFakeStripeApi({ secretKey: 'sk_test_right' });
    const intent = await stripe('sk_test_right', api.port).paymentIntents.create({
      amount: 499,
      currency: 'usd',
    });
    const url = `http://127.0.0.1:${api.port}/v1/payment_intents/${intent.id}?client_secret=${intent.client_secret}&key=`;
    expect((await fetch(url)).status).toBe(401);
  });

  it('with a webhook URL, a confirmation is delivered there signed before it answers', async () => {
    const received: { signature: string; body: string }[] = [];
    const { createServer } = await import('node:http');
    const hooks = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ signature: String(req.headers['stripe-signature']), body });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
    try {
      const hookPort = (hooks.address() as { port: number }).port;
      api = await startFakeStripeApi({
        secretKey: 'sk_test_right',
        publishableKey: 'pk_test_right',
        webhookSecret: 'whsec_z',
        webhookUrl: `http://127.0.0.1:${hookPort}/`,
      });
      const intent = await stripe('sk_test_right', api.port).paymentIntents.create({
        amount: 499,
        currency: 'usd',
      });
      const form = card('4242424242424242');
      form.set('key', 'pk_test_right');
      form.set('client_secret', intent.client_secret!);
      const confirmed = await fetch(`http://127.0.0.1:${api.port}/v1/payment_intents/${intent.id}/confirm`, {
        method: 'POST',
        body: form,
      });
      expect(confirmed.status).toBe(200);
      expect(received).toHaveLength(1);
      const event = await new Stripe('sk_test_x').webhooks.constructEventAsync(
        received[0].body,
        received[0].signature,
        'whsec_z',
      );
      expect(event.type).toBe('payment_intent.succeeded');
      expect(api.state().deliveries).toMatchObject([{ type: 'payment_intent.succeeded', status: 200 }]);
    } finally {
      hooks.closeAllConnections();
      await new Promise((resolve) => hooks.close(resolve));
    }
  });
});
