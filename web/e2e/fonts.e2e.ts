import { expect, test } from './fixtures';

// The web fonts never hold up a page's first paint: nothing preloads them, they load with the app once
// the page has painted (src/boot.ts), and they swap in over local fallback faces shaped like them
// (src/styles/font-fallbacks.css), so the page does not move when they arrive.
for (const path of ['/', '/blog/zodiac-hero-archetypes', '/zodiac-guide']) {
  test(`${path} paints before its web fonts load, which then swap in once each without moving the page`, async ({
    page,
  }) => {
    const fontRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.woff2')) fontRequests.push(new URL(request.url()).pathname);
    });
    // Every layout shift from the start of the load, as the Layout Instability API reports it, with
    // the elements that moved (named in the failure).
    await page.addInitScript(() => {
      const state = window as unknown as { __layoutShift: number; __shifted: string[] };
      state.__layoutShift = 0;
      state.__shifted = [];
      type Shift = {
        value: number;
        hadRecentInput: boolean;
        startTime: number;
        sources?: Array<{ node?: Node | null }>;
      };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Shift[]) {
          if (entry.hadRecentInput) continue;
          state.__layoutShift += entry.value;
          const nodes = (entry.sources ?? []).map(({ node }) =>
            node instanceof Element
              ? `${node.tagName.toLowerCase()}.${node.className}`
              : String(node?.nodeName),
          );
          state.__shifted.push(
            `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${nodes.join(', ')}`,
          );
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const response = await page.goto(path);
    const html = await response!.text();
    expect(html).not.toMatch(/<link[^>]+rel="preload"[^>]+as="font"/);

    await page.evaluate(() => document.fonts.ready);
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.fonts]
            .filter((font) => font.status === 'loaded' && font.family.includes('Variable'))
            .map((font) => `${font.family.replaceAll('"', '')} ${font.display}`),
        ),
      )
      .toEqual(expect.arrayContaining(['Inter Variable swap', 'Cinzel Variable swap']));

    // The fonts were asked for only after the first paint, once each.
    const timing = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      fonts: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.woff2'))
        .map((entry) => entry.startTime),
    }));
    expect(timing.firstPaint).toBeDefined();
    expect(timing.fonts.length).toBeGreaterThanOrEqual(2);
    for (const start of timing.fonts) expect(start).toBeGreaterThan(timing.firstPaint!);
    expect(fontRequests).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/),
        expect.stringMatching(/^\/assets\/cinzel-latin-wght-normal-[\w-]+\.woff2$/),
      ]),
    );
    expect(new Set(fontRequests).size).toBe(fontRequests.length);

    // The text painted first used a metric-matched fallback face of this machine's fonts, and the
    // swap moved nothing visible.
    expect(
      await page.evaluate(() =>
        [...document.fonts]
          .filter((font) => font.status === 'loaded' && font.family.includes('Fallback'))
          .map((font) => font.family.replaceAll('"', '')),
      ),
    ).not.toEqual([]);
    const shifts = await page.evaluate(() => {
      const state = window as unknown as { __layoutShift: number; __shifted: string[] };
      return { total: state.__layoutShift, shifted: state.__shifted };
    });
    expect(shifts.total, shifts.shifted.join('\n')).toBeLessThan(0.01);
  });
}
