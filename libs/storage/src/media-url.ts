import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extensionOf, keyProblem } from './keys.js';

/** Bumped if the signed payload ever changes, so old and new signatures can never be confused. */
const PAYLOAD_VERSION = 'starborn-media-v1';
const SIG_PATTERN = /^[A-Za-z0-9_-]{43}$/; // 32 bytes of HMAC-SHA256, base64url without padding
const EXP_PATTERN = /^[1-9][0-9]{0,11}$/;

/**
 * Sized variants of an image: `<stem>.w<width>.<format>` ('heroes/1/full/front.w640.avif'), the
 * picture reduced to that width (never enlarged: a source narrower than the width is stored at its
 * own size) and encoded as AVIF or WebP. The `.w<digits>` segment before the extension is reserved
 * for them: such a key is a rendering of its stem, and is signed as that stem.
 */
export const SIZED_FORMATS = ['avif', 'webp'] as const;
export type SizedFormat = (typeof SIZED_FORMATS)[number];

/** The widths each kind of picture is stored at, chosen from the layout's sizes at 1× and 2×. */
export const MEDIA_WIDTHS = {
  /** Hero portraits (square): thumbnails and phone screens, the gallery at 1×, the gallery at 2×. */
  hero: [320, 640, 1024],
  /** Chapter illustrations: at most 600 CSS pixels wide, at 1× and 2×. */
  illustration: [600, 1200],
} as const satisfies Record<string, readonly number[]>;

/** Every width a sized variant may have; the gateway makes none other. */
export const ALL_MEDIA_WIDTHS: readonly number[] = [...new Set(Object.values(MEDIA_WIDTHS).flat())].sort(
  (a, b) => a - b,
);

/** The size of a hero's preview (square), and the widest a chapter illustration's preview gets. */
export const HERO_PREVIEW_SIZE = 512;
export const ILLUSTRATION_PREVIEW_WIDTH = 600;

/** Encoder settings of sized variants: a moderate AVIF effort keeps the first request for one quick. */
export const SIZED_ENCODING = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 80, effort: 4 },
} as const satisfies Record<SizedFormat, { quality: number; effort: number }>;

/**
 * The widths of `ladder` a picture `sourceWidth` pixels wide is stored at: every smaller one, and the
 * first one at or above it (which holds the picture at its own size), so the largest rendering is
 * always there and every width belongs to the ladder. 1024 → [320, 640, 1024]; 512 → [320, 640].
 */
export function sizedWidths(sourceWidth: number, ladder: readonly number[]): number[] {
  const sorted = [...ladder].sort((a, b) => a - b);
  const smaller = sorted.filter((width) => width < sourceWidth);
  const cover = sorted.find((width) => width >= sourceWidth);
  return cover === undefined ? smaller : [...smaller, cover];
}

// Never a whole segment ('a/.w640.avif' is not a rendering of 'a/').
const SIZED_SUFFIX = /(?<=[^/])\.w([1-9][0-9]{1,3})$/;

/** The key of a sized variant: sizedKey('heroes/1/full/front', 640, 'avif') → '….w640.avif'. */
export function sizedKey(stem: string, width: number, format: SizedFormat): string {
  if (!Number.isInteger(width) || width < 10 || width > 9999) throw new Error(`Bad media width ${width}`);
  return `${stem}.w${width}.${format}`;
}

/** What a sized variant's key names (its stem, width and format), or undefined for any other key. */
export function parseSizedKey(key: string): { stem: string; width: number; format: SizedFormat } | undefined {
  const format = extensionOf(key);
  if (!(SIZED_FORMATS as readonly string[]).includes(format)) return undefined;
  const withoutExt = key.slice(0, key.length - format.length - 1);
  const match = SIZED_SUFFIX.exec(withoutExt);
  if (!match) return undefined;
  return {
    stem: withoutExt.slice(0, match.index),
    width: Number(match[1]),
    format: format as SizedFormat,
  };
}

/**
 * The image a key is a rendering of: its extension dropped ('heroes/1/front.png' → 'heroes/1/front'),
 * and for a sized variant its width too ('heroes/1/front.w640.avif' → 'heroes/1/front').
 */
export function keyStem(key: string): string {
  const sized = parseSizedKey(key);
  if (sized) return sized.stem;
  const ext = extensionOf(key);
  return ext ? key.slice(0, key.length - ext.length - 1) : key;
}

/**
 * Short-lived signed URLs for media. `<img>` tags cannot send the bearer token, so the server hands
 * out '/media/<key>?exp=…&sig=…' and the gateway checks it locally with the same secret.
 *
 * The signature covers the key's stem (no extension, no width) and exp, so one signature serves every
 * format and width of one image ('x.png', 'x.webp', 'x.w640.avif'); it also covers any other extension
 * of that stem, and nothing of another stem (a preview and its full picture have different stems).
 */
export class MediaUrlSigner {
  /** Prepared once: a key given as bytes would be prepared again on every signature (a hot path). */
  readonly #secret: KeyObject;

  constructor(secret: string) {
    if (typeof secret !== 'string' || secret.length < 32) {
      throw new Error('MediaUrlSigner needs a secret of at least 32 characters');
    }
    this.#secret = createSecretKey(Buffer.from(secret, 'utf8'));
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
