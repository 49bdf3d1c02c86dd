import { expect, premiumHero, signUpViaApi, test } from './fixtures';

/** The link preview tags of a page, as the document has them. */
async function previewTags(page: import('@playwright/test').Page) {
  return page.evaluate(() => {
    const content = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');
    return {
      title: document.title,
      ogTitle: content('meta[property="og:title"]'),
      description: content('meta[name="description"]'),
      ogDescription: content('meta[property="og:description"]'),
      ogImage: content('meta[property="og:image"]'),
      twitterImage: content('meta[name="twitter:image"]'),
      ogUrl: content('meta[property="og:url"]'),
      twitterCard: content('meta[name="twitter:card"]'),
    };
  });
}

const pathOf = (url: string | null | undefined) => new URL(url ?? '').pathname;

test.describe('share cards', () => {
  test.setTimeout(200_000);

  test('a share link unfurls without JavaScript: hero name, signs and a 1200×630 card', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    const account = await signUpViaApi(page, 'share-card', 'Selene Brightwater');
    const heroId = await premiumHero(page, account, 'Orion Emberfall', '1992-04-12');
    const created = await request.post(`/api/heroes/${heroId}/share`, { headers: account.headers });
    expect(created.status()).toBe(201);
    const { id: shareId } = (await created.json()) as { id: string };

    // A link previewer: the HTML as the server sends it, no script run.
    const previewer = await browser.newContext({ javaScriptEnabled: false });
    const preview = await previewer.newPage();
    const response = await preview.goto(`/share/${shareId}`);
    expect(response?.status()).toBe(200);
    const served = await previewTags(preview);
    const title = 'Orion Emberfall — a Starborn hero';
    const description = 'Meet Orion Emberfall, an Aries hero of the Monkey, born of the stars.';
    expect(served).toMatchObject({
      title: `${title} | Starborn`,
      ogTitle: title,
      description,
      ogDescription: description,
      twitterCard: 'summary_large_image',
    });
    // Absolute URLs, on the configured public origin.
    for (const url of [served.ogImage, served.twitterImage, served.ogUrl]) {
      expect(url).toMatch(/^https?:\/\/[^/]+\//);
    }
    expect(served.twitterImage).toBe(served.ogImage);
    expect(pathOf(served.ogUrl)).toBe(`/share/${shareId}`);
    const cardPath = pathOf(served.ogImage);
    expect(cardPath).toMatch(new RegExp(`^/api/share/${shareId}/card/[A-Za-z0-9_-]{22}\\.png$`));

    // The card opens as an image of its own, cached for good.
    const card = await preview.goto(cardPath);
    expect(card?.status()).toBe(200);
    expect(card?.headers()['content-type']).toBe('image/png');
    expect(card?.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const size = await preview.evaluate(() => {
      const image = document.querySelector('img')!;
      return { width: image.naturalWidth, height: image.naturalHeight };
    });
    expect(size).toEqual({ width: 1200, height: 630 });
    await preview.screenshot({ path: testInfo.outputPath('share-card.png') });
    await previewer.close();

    // A visitor's browser runs the app: the page shows the hero, and its tags agree with the server's.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/share/${shareId}`);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Orion Emberfall' })).toBeVisible();
    await expect.poll(async () => (await previewTags(visitor)).title).toBe(`${title} | Starborn`);
    const rendered = await previewTags(visitor);
    expect(rendered).toMatchObject({
      ogTitle: title,
      description,
      ogDescription: description,
      twitterCard: 'summary_large_image',
    });
    expect(pathOf(rendered.ogImage)).toBe(cardPath);
    expect(pathOf(rendered.ogUrl)).toBe(`/share/${shareId}`);
    await visitorContext.close();
  });

  test.describe('an inactive link', () => {
    test.use({ expectedConsoleErrors: [/status of 404/] });

    test('gets the site defaults, absolute, with a 404; the app says the hero is not available', async ({
      browser,
      page,
    }) => {
      const previewer = await browser.newContext({ javaScriptEnabled: false });
      const preview = await previewer.newPage();
      const response = await preview.goto('/share/AAAAAAAAAAAAAAAAAAAAAAAA');
      expect(response?.status()).toBe(404);
      const served = await previewTags(preview);
      expect(served.title).toBe('Starborn — Your Personalized Fantasy Story');
      expect(served.twitterCard).toBe('summary');
      expect(served.ogImage).toMatch(/^https?:\/\/[^/]+\/logo\.jpg$/);
      expect(served.twitterImage).toBe(served.ogImage);
      await previewer.close();

      await page.goto('/share/AAAAAAAAAAAAAAAAAAAAAAAA');
      await expect(page.getByRole('heading', { level: 1, name: 'Hero Not Available' })).toBeVisible();
    });
  });
});
