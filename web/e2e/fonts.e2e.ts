import { expect, test } from './fixtures';

// The served pages preload the two fonts their first paint uses (the build adds the links, see
// web/vite.config.ts), so the browser fetches them with the stylesheet; each must be fetched once,
// which a preload without the right crossorigin mode would not (the page's own request would miss it).
for (const path of ['/', '/blog/zodiac-hero-archetypes', '/zodiac-guide']) {
  test(`${path} preloads its first paint's fonts, each fetched once and used`, async ({ page }) => {
    const fontRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.woff2')) fontRequests.push(new URL(request.url()).pathname);
    });
    const response = await page.goto(path);
    const html = await response!.text();
    const preloaded = [
      ...html.matchAll(/<link rel="preload" as="font" type="font\/woff2" href="([^"]+)" crossorigin>/g),
    ].map((match) => match[1]);
    expect(preloaded).toEqual([
      expect.stringMatching(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/),
      expect.stringMatching(/^\/assets\/cinzel-latin-wght-normal-[\w-]+\.woff2$/),
    ]);

    await page.evaluate(() => document.fonts.ready);
    expect(
      await page.evaluate(() =>
        [...document.fonts]
          .filter((font) => font.status === 'loaded')
          .map((font) => font.family.replaceAll('"', '')),
      ),
    ).toEqual(expect.arrayContaining(['Inter Variable', 'Cinzel Variable']));
    for (const file of preloaded) expect(fontRequests.filter((request) => request === file)).toHaveLength(1);
  });
}
