/**
 * Refusals made below the API's error filter — by Fastify's router (a malformed %-encoding, an
 * over-long path parameter), its body parser (413, 415, bad JSON) or the 404 for an unknown route — all
 * answer the usual `{ status, code, message, error }` body with a code of their own and the security
 * headers, and none repeats the request's address back. The OpenAPI document is also served at
 * `/api/docs-json`.
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { InjectOptions } from 'fastify';
import { loneGateways, refusalBody, type LoneGateways } from '../__tests__/lone-gateway.js';

let gateways: LoneGateways;
let app: NestFastifyApplication;

beforeAll(async () => {
  gateways = await loneGateways('gateway-refusals');
  app = await gateways.start();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await gateways?.cleanUp();
});

const inject = (options: InjectOptions) => app.getHttpAdapter().getInstance().inject(options);

/** A marker in every address below: an answer holding it would be repeating the request. */
const MARKER = 'ZZmarkerZZ';

const CASES = [
  {
    what: 'a malformed %-encoding in a path parameter',
    request: { method: 'GET', url: `/api/heroes/${MARKER}%E0%A4%A` },
    body: refusalBody(
      400,
      'MALFORMED_URL',
      'The request address is not valid: it holds a malformed %-encoding.',
    ),
  },
  {
    what: 'a malformed %-encoding in a room id',
    request: { method: 'GET', url: `/api/shared-story/${MARKER}%zz` },
    body: refusalBody(
      400,
      'MALFORMED_URL',
      'The request address is not valid: it holds a malformed %-encoding.',
    ),
  },
  {
    what: 'a path parameter over the router limit',
    request: { method: 'GET', url: `/api/heroes/${MARKER}${'a'.repeat(300)}` },
    body: refusalBody(414, 'URI_TOO_LONG', 'The request address is too long.'),
  },
  {
    what: 'an unknown API route',
    request: { method: 'GET', url: `/api/${MARKER}` },
    body: refusalBody(404, 'NOT_FOUND', 'No such endpoint.'),
  },
  {
    what: 'a body over the limit',
    request: {
      method: 'POST',
      url: '/api/auth/login',
      payload: JSON.stringify({ email: MARKER, password: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    },
    body: refusalBody(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.'),
  },
  {
    what: 'a body that is not JSON',
    request: {
      method: 'POST',
      url: '/api/auth/login',
      payload: `{"email": "${MARKER}`,
      headers: { 'content-type': 'application/json' },
    },
    body: refusalBody(400, 'INVALID_JSON', 'The request body is not valid JSON.'),
  },
  {
    what: 'a body of another type',
    request: {
      method: 'POST',
      url: '/api/auth/login',
      payload: `<email>${MARKER}</email>`,
      headers: { 'content-type': 'application/xml' },
    },
    body: refusalBody(415, 'UNSUPPORTED_MEDIA_TYPE', 'Please send JSON (Content-Type: application/json).'),
  },
] as const;

describe.each(CASES)('$what', ({ request, body }) => {
  it('answers the error body with its own code and never repeats the request', async () => {
    const answer = await inject(request);
    expect(answer.json()).toEqual(body);
    expect(answer.body).not.toContain(MARKER);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
  });

  it('carries the security headers and the request id', async () => {
    const answer = await inject(request);
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['strict-transport-security']).toBeDefined();
    expect(answer.headers['permissions-policy']).toContain('camera=()');
    expect(answer.headers['x-request-id']).toEqual(expect.any(String));
  });
});

describe('the OpenAPI document', () => {
  it('is served at /api/docs-json as at /api/docs/json', async () => {
    const [nest, ours] = await Promise.all([
      inject({ method: 'GET', url: '/api/docs-json' }),
      inject({ method: 'GET', url: '/api/docs/json' }),
    ]);
    expect(nest.statusCode).toBe(200);
    expect(nest.headers['content-type']).toMatch(/^application\/json/);
    expect(nest.json()).toEqual(ours.json());
    expect(nest.json().openapi).toMatch(/^3\./);
  });
});
