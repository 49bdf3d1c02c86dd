import {
  baseEnvSchema,
  emptyAsUnset,
  refineTestPaymentsInProduction,
  testPaymentsEnvShape,
} from '@starborn/runtime';
import { refineStorageEnv, storageEnvShape } from '@starborn/storage';
import { z } from 'zod';

export const gatewayEnvSchema = baseEnvSchema
  .extend(storageEnvShape)
  .extend(testPaymentsEnvShape)
  .extend({
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    /** 127.0.0.1 on a workstation; 0.0.0.0 in a container. */
    HOST: z.string().default('127.0.0.1'),
    /** PEM (SPKI) Ed25519 public key that verifies access tokens. Required in production. */
    AUTH_PUBLIC_KEY: z.string().optional(),
    AUTH_KEYS_DIR: z.string().default('data/keys'),
    /**
     * The site's address as visitors reach it (https://starborn.example): link previews need absolute
     * URLs. Required in production; in development http://localhost:<PORT>.
     */
    PUBLIC_ORIGIN: emptyAsUnset(
      z
        .url({ protocol: /^https?$/, message: 'an http(s) origin such as https://starborn.example' })
        .refine((url) => /^https?:\/\/[^/?#]+\/?$/.test(url), 'an origin only: no path, query or fragment')
        .transform((url) => new URL(url).origin)
        .optional(),
    ),
    /** The built web app, served with SPA fallback. */
    WEB_DIST_DIR: z.string().default('web/dist'),
    /** Trust X-Forwarded-For from the load balancer in front (for per-IP rate limits). */
    TRUST_PROXY: z.stringbool().default(false),
    RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
    RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().min(1).default(30),
    /** Wrong passwords for one account from one address: the guesser's limit, not the owner's. */
    RATE_LIMIT_LOGIN_PER_EMAIL_IP: z.coerce.number().int().min(1).default(10),
    /** A ceiling per account across all addresses, far above the per-address limit. */
    RATE_LIMIT_LOGIN_PER_EMAIL: z.coerce.number().int().min(1).default(100),
    /**
     * Addresses that signed in to an account successfully, remembered per account (at most this many, the
     * latest) for LOGIN_KNOWN_ADDRESS_DAYS: from them the owner is not held by the per-account ceiling.
     */
    LOGIN_KNOWN_ADDRESSES: z.coerce.number().int().min(1).max(100).default(10),
    LOGIN_KNOWN_ADDRESS_DAYS: z.coerce.number().int().min(1).max(400).default(90),
    /**
     * Sign-up counts what costs (docs/decisions.md, "Sign-up limits"): accounts made from one address
     * per RATE_LIMIT_REGISTER_WINDOW_SECONDS…
     */
    RATE_LIMIT_REGISTER_PER_IP: z.coerce.number().int().min(1).default(20),
    RATE_LIMIT_REGISTER_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3_600),
    /** …refused sign-ups for one email (one already taken, tried again) per RATE_LIMIT_WINDOW_SECONDS… */
    RATE_LIMIT_REGISTER_PER_EMAIL: z.coerce.number().int().min(1).default(5),
    /** …and a flood ceiling: every sign-up request from one address, malformed ones included. */
    RATE_LIMIT_REGISTER_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(100),
    RATE_LIMIT_SUPPORT_PER_IP: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_SUPPORT_PER_EMAIL: z.coerce.number().int().min(1).default(5),
    /** Shared story chat: messages one user may send (across gateway instances) per window… */
    RATE_LIMIT_ROOM_MESSAGES: z.coerce.number().int().min(1).default(5),
    /** …of this many seconds. */
    RATE_LIMIT_ROOM_MESSAGES_WINDOW_SECONDS: z.coerce.number().int().min(1).default(5),
    /** Shared story joins one socket may ask for (join_room) per window… */
    RATE_LIMIT_ROOM_JOINS_PER_SOCKET: z.coerce.number().int().min(1).default(5),
    /** …of this many seconds… */
    RATE_LIMIT_ROOM_JOINS_PER_SOCKET_WINDOW_SECONDS: z.coerce.number().int().min(1).default(10),
    /** …and one user may ask for over all their sockets and gateway instances per window… */
    RATE_LIMIT_ROOM_JOINS_PER_USER: z.coerce.number().int().min(1).default(20),
    /** …of this many seconds. */
    RATE_LIMIT_ROOM_JOINS_PER_USER_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
    /** Rooms one user may create (across gateway instances) per window… */
    RATE_LIMIT_ROOM_CREATE: z.coerce.number().int().min(1).default(5),
    /** …of this many seconds. */
    RATE_LIMIT_ROOM_CREATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3_600),
    /** Hero generation requests one user may make (paid heroes included) per window… */
    RATE_LIMIT_HERO_GENERATE: z.coerce.number().int().min(1).default(10),
    /** …of this many seconds. */
    RATE_LIMIT_HERO_GENERATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3_600),
    /** Payments one user may start (intents created, across gateway instances) per window… */
    RATE_LIMIT_PAYMENT_INTENTS: z.coerce.number().int().min(1).default(10),
    /** …of this many seconds. */
    RATE_LIMIT_PAYMENT_INTENTS_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
    /** Declined cards one user may have per window before confirmations answer 429 (card testing)… */
    RATE_LIMIT_PAYMENT_DECLINES: z.coerce.number().int().min(1).default(10),
    /** …of this many seconds. */
    RATE_LIMIT_PAYMENT_DECLINES_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3_600),
    /** Data exports one user may download per window (each reads every picture of the account)… */
    RATE_LIMIT_DATA_EXPORT: z.coerce.number().int().min(1).default(5),
    /** …of this many seconds. */
    RATE_LIMIT_DATA_EXPORT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3_600),
    /** Book exports and asset bundles one user may ask for per window (202 retries count)… */
    RATE_LIMIT_BOOK_EXPORTS: z.coerce.number().int().min(1).default(10),
    /** …of this many seconds. */
    RATE_LIMIT_BOOK_EXPORTS_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
    /** How long an export waits for its book to be rendered by the book worker before answering 202. */
    BOOK_WAIT_MS: z.coerce.number().int().min(0).max(25_000).default(10_000),
    /** The retryAfterMs (and Retry-After) of that 202. */
    BOOK_RETRY_AFTER_MS: z.coerce.number().int().min(500).max(60_000).default(3_000),
    /**
     * How long the gateway trusts that a token's user exists before asking auth again (a user deleted
     * in the database loses access within this time).
     */
    AUTH_USER_CACHE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
    /**
     * How long a question to every gateway instance through the socket.io Redis adapter (who is in a
     * room now) waits for the answers.
     */
    SOCKET_IO_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
    /** Checks the signed /media URLs handed out by the heroes service (same secret). Required in production. */
    MEDIA_URL_SECRET: z.string().min(32).optional(),
    /** How long POST /api/heroes/generate waits for the result before answering 202 (the client waits 300 s). */
    GENERATE_WAIT_MS: z.coerce.number().int().min(0).max(290_000).default(120_000),
    HEALTH_TIMEOUT_MS: z.coerce.number().int().min(50).default(2_000),
    /** Which card form the web app shows; must match the payments service's PAYMENTS_PROVIDER. */
    PAYMENTS_PROVIDER: z.enum(['local', 'stripe']).default('local'),
    /**
     * Opens the queue dashboard under /admin/queues to whoever presents it (HTTP Basic password or
     * Bearer token). Unset or empty: no dashboard (404). A secret: at least 32 characters.
     */
    OPERATOR_TOKEN: emptyAsUnset(
      z.string().min(32, 'at least 32 characters (openssl rand -base64 32)').optional(),
    ),
    /** Stripe's publishable key (pk_…), handed to the browser by GET /api/payments/config. */
    STRIPE_PUBLISHABLE_KEY: emptyAsUnset(z.string().min(1).optional()),
  })
  .superRefine((env, ctx) => {
    refineStorageEnv(env, ctx);
    if (env.NODE_ENV === 'production' && !env.PUBLIC_ORIGIN) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_ORIGIN'],
        message: 'PUBLIC_ORIGIN is required in production (the https:// address of the site)',
      });
    }
    // The same rule as the payments service's, so the web app never offers test cards it would refuse.
    refineTestPaymentsInProduction(env, ctx);
    if (env.NODE_ENV === 'production' && env.PAYMENTS_PROVIDER === 'stripe' && !env.STRIPE_PUBLISHABLE_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_PUBLISHABLE_KEY'],
        message: 'STRIPE_PUBLISHABLE_KEY is required when PAYMENTS_PROVIDER=stripe in production',
      });
    }
  });
export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;

/** The origin absolute links point to: PUBLIC_ORIGIN, or this gateway on localhost in development. */
export function publicOrigin(config: Pick<GatewayConfig, 'PUBLIC_ORIGIN' | 'PORT'>): string {
  return config.PUBLIC_ORIGIN ?? `http://localhost:${config.PORT}`;
}
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
