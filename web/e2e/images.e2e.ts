/**
 * Pictures at the size they are shown: the hero page of a premium hero picks AVIF renderings at the
 * widths its layout needs, and transfers at most half the image bytes it did before, when it showed
 * each picture as the full-size WebP (and far less than the PNGs). Both figures come from this run:
 * the files the page loads now, and the full-size WebP and PNG of the same pictures, fetched with the
 * same signed links. Also: the landing page's examples come as hashed AVIF files cached for good.
 */
import type { Page, Response } from '@playwright/test';
import { expect, premiumHero, signInWith, signUpViaApi, test } from './fixtures';

/** The image responses of a page and the bytes of each body. */
function recordImages(page: Page): { url: string; type: string; bytes: number }[] {
  const seen: { url: string; type: string; bytes: number }[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'image') return;
    void response
      .body()
      .then((body) =>
        seen.push({
          url: response.url(),
          type: response.headers()['content-type'] ?? '',
          bytes: body.length,
        }),
      )
      .catch(() => undefined);
  });
  return seen;
}

/** '…/full/front.w640.avif?exp…' → '…/full/front.<ext>?exp…': the picture as the page used to ask for it. */
const whole = (url: string, ext: 'webp' | 'png') => url.replace(/\.w\d+\.avif\?/, `.${ext}?`);

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`hero page at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    test.setTimeout(180_000);

    test('shows AVIF at the widths it needs, in at most half the image bytes of before', async ({ page }) => {
      const account = await signUpViaApi(page, `images-${viewport.width}`);
      const heroId = await premiumHero(page, account, 'Vela Brightwater', '1993-08-14');
      await signInWith(page, account.session);
      const images = recordImages(page);
      await page.goto(`/hero/${heroId}`);

      const main = page.locator('.gallery__main img');
      const thumbs = page.locator('.gallery__thumb img');
      await expect(thumbs).toHaveCount(3);
      for (const image of [main, ...(await thumbs.all())]) {
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
          .toBe(true);
      }
      await page.waitForLoadState('networkidle');
      // The large picture is shown 358 (phone) or 556 (desktop) CSS pixels wide: the 640 rendering;
      // the thumbnails (≤ 180) take the 320 one. All AVIF, the browser supporting it.
      expect(await main.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
        /\/full\/front\.w640\.avif\?/,
      );
      for (const src of await thumbs.evaluateAll((imgs) =>
        imgs.map((img) => (img as HTMLImageElement).currentSrc),
      )) {
        expect(src).toMatch(/\/full\/(front|profile|action)\.w320\.avif\?/);
      }

      const media = images.filter((image) => new URL(image.url).pathname.startsWith('/media/'));
      expect(media.length).toBeGreaterThan(0);
      for (const image of media) expect(image.type).toBe('image/avif');
      const now = media.reduce((sum, image) => sum + image.bytes, 0);

      // Before: each distinct picture on screen, whole, as WebP (what the page asked for) or PNG.
      const pictures = [...new Set(media.map((image) => whole(image.url, 'webp')))];
      const sizeOf = async (url: string) => {
        const response = await page.request.get(url);
        expect(response.status()).toBe(200);
        return (await response.body()).length;
      };
      let webpBefore = 0;
      let pngBefore = 0;
      for (const url of pictures) {
        webpBefore += await sizeOf(url);
        pngBefore += await sizeOf(url.replace('.webp?', '.png?'));
      }
      const figures =
        `${viewport.width}×${viewport.height}: ${now} bytes of images now (${media.length} files), ` +
        `${webpBefore} before as whole WebP (${Math.round((100 * now) / webpBefore)} %), ` +
        `${pngBefore} as whole PNG (${Math.round((100 * now) / pngBefore)} %)`;
      test.info().annotations.push({ type: 'image bytes', description: figures });
      console.log(figures);
      expect(now).toBeLessThanOrEqual(webpBefore / 2);
      expect(now).toBeLessThanOrEqual(pngBefore / 2);
    });
  });
}

test('the landing page shows its examples as hashed AVIF files, cached for good', async ({ page }) => {
  const images = recordImages(page);
  await page.goto('/');
  const example = page.locator('.example-hero__image').first();
  await example.scrollIntoViewIfNeeded();
  await expect
    .poll(() => example.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const src = await example.evaluate((img: HTMLImageElement) => img.currentSrc);
  // Three cards of ≤ 360 CSS pixels at 1280: the 512 rendering is the smallest that fills one.
  expect(src).toMatch(/\/assets\/examples\/[a-z-]+\.w512\.[0-9a-f]{10}\.avif$/);
  const response = await page.request.get(src);
  expect(response.headers()['content-type']).toBe('image/avif');
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(images.some((image) => image.url.endsWith('.png'))).toBe(false);
});

test.describe('a picture whose AVIF or WebP fails', () => {
  test.use({ expectedConsoleErrors: [/status of 404/] });

  test('falls back to its original file on the prerendered landing page, once each', async ({ page }) => {
    // Every AVIF and WebP rendering is gone: the page arrives prerendered, so the first failures can
    // come before the app listens for them.
    await page.route(
      (url) => /\.(avif|webp)$/.test(url.pathname),
      (route) => route.fulfill({ status: 404, body: 'gone' }),
    );
    const originals: string[] = [];
    page.on('request', (request) => {
      if (/\.(png|jpe?g)$/.test(new URL(request.url()).pathname)) originals.push(request.url());
    });
    await page.goto('/');
    const images = page.locator('picture.image-picture img');
    expect(await images.count()).toBeGreaterThan(1);
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() =>
          image.evaluate((img: HTMLImageElement) => ({
            loaded: img.complete && img.naturalWidth > 0,
            original: /\.(png|jpe?g)$/.test(new URL(img.currentSrc, location.href).pathname),
          })),
        )
        .toEqual({ loaded: true, original: true });
    }
    expect(new Set(originals).size).toBe(originals.length);
  });
});
