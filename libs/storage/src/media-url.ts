import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extensionOf, keyProblem } from './keys.js';

/** Bumped if the signed payload ever changes, so old and new signatures can never be confused. */
const PAYLOAD_VERSION = 'starborn-media-v1';
const SIG_PATTERN = /^[A-Za-z0-9_-]{43}$/; // 32 bytes of HMAC-SHA256, base64url without padding
const EXP_PATTERN = /^[1-9][0-9]{0,11}$/;

/** The key without its last segment's extension: 'heroes/1/front.png' → 'heroes/1/front'. */
export function keyStem(key: string): string {
  const ext = extensionOf(key);
  return ext ? key.slice(0, key.length - ext.length - 1) : key;
}

/**
 * Short-lived signed URLs for media. `<img>` tags cannot send the bearer token, so the server hands
 * out '/media/<key>?exp=…&sig=…' and the gateway checks it locally with the same secret.
 *
 * The signature covers the key's stem (no extension) and exp, so one signature serves every format
 * of an image ('x.png' and 'x.webp'); it also covers any other extension of that stem.
 */
export class MediaUrlSigner {
  readonly #secret: Buffer;

  constructor(secret: string) {
    if (typeof secret !== 'string' || secret.length < 32) {
      throw new Error('MediaUrlSigner needs a secret of at least 32 characters');
    }
    this.#secret = Buffer.from(secret, 'utf8');
  }

  #mac(stem: string, exp: string): Buffer {
    return createHmac('sha256', this.#secret).update(`${PAYLOAD_VERSION}\n${exp}\n${stem}`, 'utf8').digest();
  }

  /** '/media/<key>?exp=<unix seconds>&sig=<base64url HMAC-SHA256>'. Path segments are URI-encoded. */
  sign(key: string, expiresAt: number): string {
    const problem = keyProblem(key);
    if (problem) throw new Error(`Cannot sign media key ${JSON.stringify(key)}: ${problem}`);
    if (!Number.isSafeInteger(expiresAt) || expiresAt <= 0) {
      throw new Error(`Media URL expiry must be a positive integer of unix seconds, got ${expiresAt}`);
    }
    const exp = String(expiresAt);
    const sig = this.#mac(keyStem(key), exp).toString('base64url');
    const path = key.split('/').map(encodeURIComponent).join('/');
    return `/media/${path}?exp=${exp}&sig=${sig}`;
  }

  /**
   * True only for an intact signature over this key's stem and exp, with exp still ahead of
   * nowSeconds. `key` is the decoded key (the path after '/media/'). Never throws.
   */
  verify(key: string, exp: string | undefined, sig: string | undefined, nowSeconds: number): boolean {
    if (typeof exp !== 'string' || typeof sig !== 'string') return false;
    if (!EXP_PATTERN.test(exp) || !SIG_PATTERN.test(sig)) return false;
    if (keyProblem(key)) return false;
    if (!(Number(exp) > nowSeconds)) return false; // expired (or nowSeconds is NaN)
    const given = Buffer.from(sig, 'base64url');
    const expected = this.#mac(keyStem(key), exp);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/**
 * An expiry at least ttlSeconds away, rounded up to a multiple of bucketSeconds (unix time): with
 * the defaults, at 10:20 the answer is 12:00, so a URL lives between one and two hours. Everyone
 * signing within one bucket gets the same exp, hence the same URL, so browsers can cache the image.
 */
export function mediaExpiry(nowSeconds: number, ttlSeconds = 3600, bucketSeconds = 3600): number {
  if (!Number.isFinite(nowSeconds) || nowSeconds < 0)
    throw new Error(`mediaExpiry: bad nowSeconds ${nowSeconds}`);
  if (!Number.isSafeInteger(ttlSeconds) || ttlSeconds <= 0)
    throw new Error(`mediaExpiry: bad ttlSeconds ${ttlSeconds}`);
  if (!Number.isSafeInteger(bucketSeconds) || bucketSeconds <= 0) {
    throw new Error(`mediaExpiry: bad bucketSeconds ${bucketSeconds}`);
  }
  return Math.ceil((Math.floor(nowSeconds) + ttlSeconds) / bucketSeconds) * bucketSeconds;
}

/** Where development keys live (the same folder as the token key pair, AUTH_KEYS_DIR). */
const DEV_KEYS_DIR = 'data/keys';
const DEV_SECRET_FILE = 'media-url-secret';

/**
 * Development and tests only: a random secret per install, generated on first use into the keys folder
 * (beside the token key pair), so no secret is ever a constant of the code. The heroes service and the
 * gateway may start at the same moment: the secret is written to a file of its own and linked into
 * place, which fails if another process got there first; then everyone reads the winner's secret.
 */
export function loadOrCreateDevMediaUrlSecret(dir = DEV_KEYS_DIR): string {
  const file = join(dir, DEV_SECRET_FILE);
  const existing = readDevSecret(file);
  if (existing) return existing;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const staging = join(dir, `.${DEV_SECRET_FILE}-${process.pid}-${randomBytes(4).toString('hex')}`);
  writeFileSync(staging, randomBytes(48).toString('base64url'), { mode: 0o600 });
  try {
    linkSync(staging, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(staging, { force: true });
  }
  const secret = readDevSecret(file);
  if (!secret) throw new Error(`Could not read the media URL secret in ${file}`);
  return secret;
}

function readDevSecret(file: string): string | undefined {
  let secret: string;
  try {
    secret = readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
  if (secret.length < 32) {
    throw new Error(
      `${file} holds no usable media URL secret (under 32 characters): delete it to make a new one`,
    );
  }
  return secret;
}

/**
 * The secret that signs media URLs: MEDIA_URL_SECRET, required in production; elsewhere one generated
 * per install into AUTH_KEYS_DIR (default data/keys), shared by every service started from the folder.
 */
export function mediaUrlSecret(config: {
  NODE_ENV: string;
  MEDIA_URL_SECRET?: string;
  AUTH_KEYS_DIR?: string;
}): string {
  if (config.MEDIA_URL_SECRET) return config.MEDIA_URL_SECRET;
  if (config.NODE_ENV === 'production') {
    throw new Error(
      'MEDIA_URL_SECRET is required in production (at least 32 characters: openssl rand -base64 48)',
    );
  }
  return loadOrCreateDevMediaUrlSecret(config.AUTH_KEYS_DIR);
}
