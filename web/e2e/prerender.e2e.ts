import type { Page } from '@playwright/test';
import { expect, signInWith, signUpViaApi, test } from './fixtures';
import { CONTENT_PAGES } from './support/content-pages';

/** Every prerendered page: path and level-1 heading. */
const PRERENDERED: Array<[string, string]> = [['/', 'Your Personalized Fantasy Story'], ...CONTENT_PAGES];

/**
 * Records, from before the page's first byte, every console message and whether the app's first
 * rendering of the page was ever taken out of the document (React throwing the server's markup away
 * and rendering anew: a flash).
 */
async function watchHydration(page: Page): Promise<{ messages: string[] }> {
  const messages: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'warning' || msg.type() === 'error') messages.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`uncaught: ${error.message}`));
  await page.addInitScript(() => {
    const state = window as unknown as { __serverMarkupReplaced?: boolean };
    state.__serverMarkupReplaced = false;
    document.addEventListener('DOMContentLoaded', () => {
      const shell = document.querySelector('#root > .app-shell');
      if (!shell) return;
      new MutationObserver(() => {
        if (!shell.isConnected) state.__serverMarkupReplaced = true;
      }).observe(document.getElementById('root')!, { childList: true });
    });
  });
  return { messages };
}

/** The app has hydrated: the star field, which only the browser can size, has its stars. */
async function hydrated(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.starfield').getAttribute('data-star-count')).toMatch(/^[1-9]\d*$/);
}

test.describe('prerendered pages', () => {
  for (const [path, heading] of PRERENDERED) {
    test(`${path}: the server's HTML carries the page's text and tags, and hydrates without a flash or a warning`, async ({
      page,
      request,
    }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      const origin = new URL(response.url()).origin;
      // The page itself, before any JavaScript: its heading, its own title, absolute preview URLs.
      expect(html).toMatch(new RegExp(`<h1[^>]*>[^<]*${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      expect(html).toContain('<footer');
      if (path !== '/') expect(html).toContain(`<title>${heading} | Starborn</title>`);
      expect(html).toContain(`<meta property="og:url" content="${origin}${path}" />`);
      expect(html).not.toContain('starborn-origin.invalid');
      // Nothing the Content-Security-Policy would refuse: no inline script or style attribute.
      expect(html).not.toMatch(/<script(?![^>]*(type="module"[^>]*src=|type="application\/ld\+json"))/);
      expect(html).not.toMatch(/\sstyle="/);

      const { messages } = await watchHydration(page);
      await page.goto(path);
      await hydrated(page);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // A moment for a late hydration error to be reported.
      await page.waitForTimeout(300);
      expect(messages).toEqual([]);
      expect(
        await page.evaluate(
          () => (window as unknown as { __serverMarkupReplaced: boolean }).__serverMarkupReplaced,
        ),
      ).toBe(false);
    });
  }

  test('a signed-in user sees their own navigation right after hydration', async ({ page }) => {
    const account = await signUpViaApi(page, 'prerender', 'Orion Nightfall');
    await signInWith(page, account.session);
    const { messages } = await watchHydration(page);
    await page.goto('/blog');
    await hydrated(page);
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(header.getByText('Orion Nightfall').first()).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    expect(messages).toEqual([]);
  });

  test('the signed-in pages come as the shell, rendered in the browser', async ({ request }) => {
    for (const path of ['/profile', '/hero/0123456789abcdef0123456789abcdef', '/login']) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain('<div id="root"></div>');
    }
  });
});
