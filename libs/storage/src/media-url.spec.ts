import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ALL_MEDIA_WIDTHS,
  keyStem,
  MEDIA_WIDTHS,
  parseSizedKey,
  sizedKey,
  sizedWidths,
  loadOrCreateDevMediaUrlSecret,
  mediaExpiry,
  mediaUrlSecret,
  MediaUrlSigner,
} from './media-url.js';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const NOW = 1_800_000_000;

function parse(url: string): { key: string; exp?: string; sig?: string } {
  const u = new URL(url, 'http://localhost');
  expect(u.pathname.startsWith('/media/')).toBe(true);
  const key = u.pathname.slice('/media/'.length).split('/').map(decodeURIComponent).join('/');
  return { key, exp: u.searchParams.get('exp') ?? undefined, sig: u.searchParams.get('sig') ?? undefined };
}

describe('MediaUrlSigner', () => {
  const signer = new MediaUrlSigner(SECRET);

  it('signs a URL of the documented shape that verifies', () => {
    const url = signer.sign('heroes/abc/full/front.png', NOW + 3600);
    expect(url).toMatch(/^\/media\/heroes\/abc\/full\/front\.png\?exp=1800003600&sig=[A-Za-z0-9_-]{43}$/);
    const { key, exp, sig } = parse(url);
    expect(signer.verify(key, exp, sig, NOW)).toBe(true);
    expect(new MediaUrlSigner(SECRET).verify(key, exp, sig, NOW)).toBe(true); // another instance, same secret
  });

  it('is deterministic, so repeated signing gives identical URLs', () => {
    expect(signer.sign('a/b.png', NOW + 60)).toBe(signer.sign('a/b.png', NOW + 60));
  });

  it('shares one signature between .png and .webp of the same stem', () => {
    const png = parse(signer.sign('heroes/abc/full/front.png', NOW + 3600));
    const webp = parse(signer.sign('heroes/abc/full/front.webp', NOW + 3600));
    expect(webp.sig).toBe(png.sig);
    expect(signer.verify('heroes/abc/full/front.webp', png.exp, png.sig, NOW)).toBe(true);
    expect(signer.verify('heroes/abc/full/front.png', webp.exp, webp.sig, NOW)).toBe(true);
  });

  it('refuses an expired URL', () => {
    const { key, exp, sig } = parse(signer.sign('a/b.png', NOW + 10));
    expect(signer.verify(key, exp, sig, NOW + 9)).toBe(true);
    expect(signer.verify(key, exp, sig, NOW + 10)).toBe(false);
    expect(signer.verify(key, exp, sig, NOW + 1000)).toBe(false);
  });

  it('refuses a tampered signature or exp', () => {
    const { key, exp, sig } = parse(signer.sign('a/b.png', NOW + 3600));
    const flipped = (sig![0] === 'A' ? 'B' : 'A') + sig!.slice(1);
    expect(signer.verify(key, exp, flipped, NOW)).toBe(false);
    expect(signer.verify(key, String(Number(exp) + 3600), sig, NOW)).toBe(false);
    expect(signer.verify(key, `0${exp}`, sig, NOW)).toBe(false);
    expect(signer.verify(key, exp, sig!.slice(0, -1), NOW)).toBe(false);
    expect(signer.verify(key, exp, `${sig}=`, NOW)).toBe(false);
    expect(signer.verify(key, exp, undefined, NOW)).toBe(false);
    expect(signer.verify(key, undefined, sig, NOW)).toBe(false);
    expect(signer.verify(key, 'soon', sig, NOW)).toBe(false);
    expect(signer.verify(key, exp, sig, Number.NaN)).toBe(false);
  });

  it('refuses the signature for another key or stem, or from another secret', () => {
    const { exp, sig } = parse(signer.sign('heroes/abc/full/front.png', NOW + 3600));
    expect(signer.verify('heroes/abc/full/back.png', exp, sig, NOW)).toBe(false);
    expect(signer.verify('heroes/abd/full/front.png', exp, sig, NOW)).toBe(false);
    expect(signer.verify('heroes/abc/full/front', exp, sig, NOW)).toBe(true); // same stem, no extension
    expect(signer.verify('heroes/abc/full/front.png/x', exp, sig, NOW)).toBe(false);
    expect(signer.verify('../heroes/abc/full/front.png', exp, sig, NOW)).toBe(false);
    const other = new MediaUrlSigner('another-secret-that-is-long-enough-0123456789');
    expect(other.verify('heroes/abc/full/front.png', exp, sig, NOW)).toBe(false);
  });

  it('URI-encodes odd characters in the path', () => {
    const url = signer.sign('a b/ü?#.png', NOW + 60);
    expect(url.startsWith('/media/a%20b/%C3%BC%3F%23.png?exp=')).toBe(true);
    const { key, exp, sig } = parse(url);
    expect(key).toBe('a b/ü?#.png');
    expect(signer.verify(key, exp, sig, NOW)).toBe(true);
  });

  it('refuses short secrets, unsafe keys and bad expiries', () => {
    expect(() => new MediaUrlSigner('x'.repeat(31))).toThrow(/32/);
    expect(() => new MediaUrlSigner('')).toThrow(/32/);
    expect(() => new MediaUrlSigner('x'.repeat(32))).not.toThrow();
    expect(() => signer.sign('../etc/passwd', NOW + 60)).toThrow(/Cannot sign/);
    expect(() => signer.sign('a.png', 1.5)).toThrow(/expiry/);
    expect(() => signer.sign('a.png', -1)).toThrow(/expiry/);
  });

  it('shares one signature between every format and width of one stem', () => {
    const png = parse(signer.sign('heroes/abc/full/front.png', NOW + 3600));
    for (const key of ['heroes/abc/full/front.w640.avif', 'heroes/abc/full/front.w320.webp']) {
      expect(signer.verify(key, png.exp, png.sig, NOW)).toBe(true);
      expect(parse(signer.sign(key, NOW + 3600)).sig).toBe(png.sig);
    }
  });

  it("never opens another image's sized variants, nor the full picture with a preview's signature", () => {
    const preview = parse(signer.sign('heroes/abc/preview/front.png', NOW + 3600));
    expect(signer.verify('heroes/abc/preview/front.w640.avif', preview.exp, preview.sig, NOW)).toBe(true);
    expect(signer.verify('heroes/abc/full/front.w640.avif', preview.exp, preview.sig, NOW)).toBe(false);
    expect(signer.verify('heroes/abc/full/front.w320.webp', preview.exp, preview.sig, NOW)).toBe(false);
    expect(signer.verify('heroes/abc/preview/profile.w640.avif', preview.exp, preview.sig, NOW)).toBe(false);
    expect(signer.verify('heroes/abd/preview/front.w640.avif', preview.exp, preview.sig, NOW)).toBe(false);
    // Only a width before an image format is dropped: another suffix stays part of the stem.
    expect(signer.verify('heroes/abc/preview/front.w640.png', preview.exp, preview.sig, NOW)).toBe(false);
    expect(signer.verify('heroes/abc/preview/front.x640.avif', preview.exp, preview.sig, NOW)).toBe(false);
  });

  it('strips only the last extension of the last segment', () => {
    expect(keyStem('a/b.c/d.tar.gz')).toBe('a/b.c/d.tar');
    expect(keyStem('a/b.c/d')).toBe('a/b.c/d');
    expect(keyStem('a/.hidden')).toBe('a/.hidden');
    expect(keyStem('a/b.w640.avif')).toBe('a/b');
    expect(keyStem('a/b.w640.webp')).toBe('a/b');
    expect(keyStem('a/b.w640.png')).toBe('a/b.w640');
    expect(keyStem('a/.w640.avif')).toBe('a/.w640');
    expect(keyStem('a/b.w0640.avif')).toBe('a/b.w0640');
  });
});

describe('sized variants', () => {
  it('names a variant by stem, width and format, and reads the name back', () => {
    expect(sizedKey('heroes/1/full/front', 640, 'avif')).toBe('heroes/1/full/front.w640.avif');
    expect(parseSizedKey('heroes/1/full/front.w640.avif')).toEqual({
      stem: 'heroes/1/full/front',
      width: 640,
      format: 'avif',
    });
    expect(parseSizedKey('heroes/1/full/front.w1200.webp')?.width).toBe(1200);
    expect(parseSizedKey('heroes/1/full/front.webp')).toBeUndefined();
    expect(parseSizedKey('heroes/1/full/front.w640.png')).toBeUndefined();
    expect(parseSizedKey('heroes/1/full/front.w5.avif')).toBeUndefined();
    expect(parseSizedKey('heroes/1/full/front.w99999.avif')).toBeUndefined();
    expect(() => sizedKey('a', 1.5, 'webp')).toThrow(/width/);
  });

  it('stores every smaller width of the ladder and the first one that holds the whole picture', () => {
    expect(sizedWidths(1024, MEDIA_WIDTHS.hero)).toEqual([320, 640, 1024]);
    expect(sizedWidths(512, MEDIA_WIDTHS.hero)).toEqual([320, 640]);
    expect(sizedWidths(2048, MEDIA_WIDTHS.hero)).toEqual([320, 640, 1024]);
    expect(sizedWidths(1536, MEDIA_WIDTHS.illustration)).toEqual([600, 1200]);
    expect(sizedWidths(600, MEDIA_WIDTHS.illustration)).toEqual([600]);
    expect(sizedWidths(100, MEDIA_WIDTHS.illustration)).toEqual([600]);
    expect(ALL_MEDIA_WIDTHS).toEqual([320, 600, 640, 1024, 1200]);
  });
});

describe('mediaExpiry', () => {
  const HOUR = 3600;
  const hourStart = 1_800_000_000; // a multiple of 3600

  it('rounds up to the end of the bucket after the ttl', () => {
    expect(hourStart % HOUR).toBe(0);
    expect(mediaExpiry(hourStart + 1200)).toBe(hourStart + 2 * HOUR); // 10:20 → 12:00
    expect(mediaExpiry(hourStart)).toBe(hourStart + HOUR); // exactly on the hour: one ttl
    expect(mediaExpiry(hourStart + 1)).toBe(hourStart + 2 * HOUR);
  });

  it('gives the same expiry within one bucket, so URLs repeat', () => {
    const values = new Set([1, 600, 1800, 3599].map((s) => mediaExpiry(hourStart + s)));
    expect(values.size).toBe(1);
  });

  it('always leaves at least ttl and at most ttl + bucket', () => {
    for (let now = hourStart; now < hourStart + 2 * HOUR; now += 97) {
      const exp = mediaExpiry(now, 900, 300);
      expect(exp % 300).toBe(0);
      expect(exp - now).toBeGreaterThanOrEqual(900);
      expect(exp - now).toBeLessThan(900 + 300);
    }
  });

  it('accepts fractional now and refuses nonsense', () => {
    expect(mediaExpiry(hourStart + 0.5)).toBe(hourStart + HOUR);
    expect(() => mediaExpiry(Number.NaN)).toThrow();
    expect(() => mediaExpiry(hourStart, 0)).toThrow();
    expect(() => mediaExpiry(hourStart, 3600, 0)).toThrow();
  });
});

describe('mediaUrlSecret', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'starborn-media-secret-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is MEDIA_URL_SECRET when set, in every environment', () => {
    for (const NODE_ENV of ['production', 'development', 'test']) {
      expect(mediaUrlSecret({ NODE_ENV, MEDIA_URL_SECRET: SECRET, AUTH_KEYS_DIR: dir })).toBe(SECRET);
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses to start in production without MEDIA_URL_SECRET, and writes nothing', () => {
    expect(() => mediaUrlSecret({ NODE_ENV: 'production', AUTH_KEYS_DIR: dir })).toThrow(
      /^MEDIA_URL_SECRET is required in production/,
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('generates a random secret per install into the keys folder, kept across starts (0600)', () => {
    const keys = join(dir, 'keys');
    const first = mediaUrlSecret({ NODE_ENV: 'development', AUTH_KEYS_DIR: keys });
    expect(first).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(readFileSync(join(keys, 'media-url-secret'), 'utf8')).toBe(first);
    expect(statSync(join(keys, 'media-url-secret')).mode & 0o777).toBe(0o600);
    expect(readdirSync(keys)).toEqual(['media-url-secret']); // no staging file left behind
    expect(mediaUrlSecret({ NODE_ENV: 'test', AUTH_KEYS_DIR: keys })).toBe(first);
    // Another install (another folder) gets another secret: nothing is a constant of the code.
    expect(loadOrCreateDevMediaUrlSecret(join(dir, 'other'))).not.toBe(first);
    expect(() => new MediaUrlSigner(first)).not.toThrow();
  });

  it('reads a secret another process wrote first, and refuses a file that holds none', () => {
    const keys = join(dir, 'keys');
    mkdirSync(keys);
    writeFileSync(join(keys, 'media-url-secret'), `${'w'.repeat(40)}\n`);
    expect(loadOrCreateDevMediaUrlSecret(keys)).toBe('w'.repeat(40));
    writeFileSync(join(keys, 'media-url-secret'), 'short');
    expect(() => loadOrCreateDevMediaUrlSecret(keys)).toThrow(/delete it to make a new one/);
  });
});
