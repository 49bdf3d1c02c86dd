import helmetMiddleware from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GatewayConfig } from '../config.js';

/** The policy the web app is built to pass: nothing inline, nothing from another origin. */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  // 'self' covers socket.io's ws:/wss: to this same host (CSP Level 3); nothing else is reachable.
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/**
 * What Stripe.js needs on top (PAYMENTS_PROVIDER=stripe): its script, the Payment Element's and 3-D
 * Secure frames, and its API. With the `local` provider the policy is CONTENT_SECURITY_POLICY as it is.
 */
export const STRIPE_CSP_SOURCES = {
  scriptSrc: ['https://js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
} as const;

/** The site's Content-Security-Policy directives for the configured payment provider. */
export function contentSecurityPolicy(
  provider: GatewayConfig['PAYMENTS_PROVIDER'],
): Record<string, string[]> {
  if (provider !== 'stripe') return CONTENT_SECURITY_POLICY;
  return {
    ...CONTENT_SECURITY_POLICY,
    scriptSrc: [...CONTENT_SECURITY_POLICY.scriptSrc, ...STRIPE_CSP_SOURCES.scriptSrc],
    frameSrc: ["'self'", ...STRIPE_CSP_SOURCES.frameSrc],
    connectSrc: [...CONTENT_SECURITY_POLICY.connectSrc, ...STRIPE_CSP_SOURCES.connectSrc],
  };
}

/**
 * Browser features the app never uses, switched off for the page and every frame it embeds (spoken
 * narration uses speech synthesis, which needs no permission). Only features Chromium recognises are
 * listed: an unknown name is a console warning on every page. Reading the clipboard is left to the
 * browser's own prompt: the browser tests read back the links the app copies.
 */
export const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'gamepad',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'local-fonts',
  'magnetometer',
  'microphone',
  'midi',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
] as const;

/**
 * The Permissions-Policy header: everything above denied; the page may write to the clipboard (copying
 * share and invite links); `payment` only with Stripe, for its Payment Element's frame (wallets).
 */
export function permissionsPolicy(provider: GatewayConfig['PAYMENTS_PROVIDER']): string {
  const payment = provider === 'stripe' ? '(self "https://js.stripe.com")' : '()';
  return [
    ...DENIED_FEATURES.map((feature) => `${feature}=()`),
    'clipboard-write=(self)',
    `payment=${payment}`,
  ].join(', ');
}

/**
 * Every header the gateway sets on every answer for the site's safety: helmet's (the
 * Content-Security-Policy among them) and the Permissions-Policy. None depends on the request, so they
 * are worked out once at start-up, and every layer that answers sets the same ones: the request hook,
 * the router's own refusals (a malformed address) and the HTTP parser's (headers too large).
 */
export function securityHeaders(provider: GatewayConfig['PAYMENTS_PROVIDER']): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  let failure: unknown;
  helmetMiddleware({
    contentSecurityPolicy: { directives: contentSecurityPolicy(provider) },
    crossOriginEmbedderPolicy: false,
  })({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => (failure = error));
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  headers['permissions-policy'] = permissionsPolicy(provider);
  return headers;
}
