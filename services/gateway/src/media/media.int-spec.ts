/**
 * GET /media/<key>: signed links to every format and width of one picture, their cache headers, and
 * sized variants of pictures stored before those existed (made on first request, then stored).
 */
import { MediaUrlSigner, mediaUrlSecret } from '@starborn/storage';
import sharp from 'sharp';
import { startStack, type TestStack } from '../__tests__/stack.js';

let stack: TestStack;
let signer: MediaUrlSigner;

beforeAll(async () => {
  stack = await startStack('media');
  signer = new MediaUrlSigner(mediaUrlSecret({ NODE_ENV: 'test', AUTH_KEYS_DIR: stack.env.AUTH_KEYS_DIR }));
}, 60_000);

afterAll(() => stack?.close());

/** The same signed link for another rendering of its image: 'x.png?…' → 'x.w640.avif?…'. */
const rendering = (url: string, name: string) => new URL(url.replace(/\.png\?/, `.${name}?`), stack.baseUrl);

async function image(response: Response) {
  const body = Buffer.from(await response.arrayBuffer());
  const { format, compression, width } = await sharp(body).metadata();
  return { format: format === 'heif' && compression === 'av1' ? 'avif' : format, width, body };
}

/** max-age must run to the link's expiry (give or take the second the request took). */
function expectCachedUntilExpiry(response: Response, url: URL) {
  const exp = Number(url.searchParams.get('exp'));
  const match = /^private, max-age=(\d+), immutable$/.exec(response.headers.get('cache-control') ?? '');
  expect(match).not.toBeNull();
  const left = exp - Math.floor(Date.now() / 1000);
  expect(Math.abs(Number(match![1]) - left)).toBeLessThanOrEqual(2);
  expect(Number(match![1])).toBeGreaterThan(0);
}

describe('media: sized variants and cache headers', () => {
  it('serves AVIF and WebP at every width of a paid hero with the signature of its PNG, cached until the link expires', async () => {
    const { hero } = await stack.newHero({ paid: true });
    const url: string = hero.images[0].url;
    expect(url).toContain('/full/front.png?');
    for (const [name, format, width] of [
      ['w320.avif', 'avif', 320],
      ['w640.avif', 'avif', 640],
      ['w1024.avif', 'avif', 1024],
      ['w640.webp', 'webp', 640],
    ] as const) {
      const target = rendering(url, name);
      const response = await fetch(target);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(`image/${format}`);
      expectCachedUntilExpiry(response, target);
      expect(await image(response)).toMatchObject({ format, width });
    }
    const png = new URL(url, stack.baseUrl);
    const original = await fetch(png);
    expect(original.headers.get('content-type')).toBe('image/png');
    expectCachedUntilExpiry(original, png);
  });

  it("never opens a full picture's variants with a preview's link, nor another image's", async () => {
    const { hero } = await stack.newHero({ paid: false });
    const preview: string = hero.images[0].url;
    expect(preview).toContain('/preview/front.png?');
    expect((await fetch(rendering(preview, 'w640.avif'))).status).toBe(200);
    expect((await fetch(rendering(preview.replace('/preview/', '/full/'), 'w640.avif'))).status).toBe(403);
    expect((await fetch(rendering(preview.replace('/front.', '/profile.'), 'w320.webp'))).status).toBe(403);
    const unsigned = new URL(rendering(preview, 'w640.avif').pathname, stack.baseUrl);
    expect((await fetch(unsigned)).status).toBe(403);
  });

  it('makes a missing sized variant of an older picture from its PNG once, stores it, and serves it', async () => {
    const stem = `heroes/${crypto.randomUUID().replaceAll('-', '')}/full/front`;
    const png = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#6d28d9' } })
      .png()
      .toBuffer();
    await stack.storage.put(`${stem}.png`, png, 'image/png');
    const url = signer.sign(`${stem}.png`, Math.floor(Date.now() / 1000) + 3600);

    const [first, concurrent] = await Promise.all([
      fetch(rendering(url, 'w320.webp')),
      fetch(rendering(url, 'w320.webp')),
    ]);
    expect([first.status, concurrent.status]).toEqual([200, 200]);
    expect(first.headers.get('content-type')).toBe('image/webp');
    expectCachedUntilExpiry(first, rendering(url, 'w320.webp'));
    const made = await image(first);
    expect(made).toMatchObject({ format: 'webp', width: 320 });
    expect((await image(concurrent)).body.equals(made.body)).toBe(true);
    expect(await stack.storage.exists(`${stem}.w320.webp`)).toBe(true);

    const avif = await fetch(rendering(url, 'w640.avif'));
    expect(avif.headers.get('content-type')).toBe('image/avif');
    expect(await image(avif)).toMatchObject({ format: 'avif', width: 640 });
    // The stored one answers the next request, with the same bytes.
    const again = await fetch(rendering(url, 'w640.avif'));
    expect(Number(again.headers.get('content-length'))).toBe(Number(avif.headers.get('content-length')));

    // Only the ladder's widths are made; a stem without its PNG has nothing to make them from.
    const odd = await fetch(rendering(url, 'w500.avif'));
    expect(odd.status).toBe(404);
    expect(await odd.json()).toMatchObject({ message: 'File not found.' });
    expect(await stack.storage.exists(`${stem}.w500.avif`)).toBe(false);
    const nothing = signer.sign('heroes/none/full/front.png', Math.floor(Date.now() / 1000) + 3600);
    expect((await fetch(rendering(nothing, 'w320.avif'))).status).toBe(404);
  });
});
