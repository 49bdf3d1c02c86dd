import type { Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { APP_MODULE, readManifest } from '../scripts/landing-js.mjs';
import { expect, signInWith, signUpViaApi, test } from './fixtures';
import { CONTENT_PAGES } from './support/content-pages';

// The build the server serves, as in landing-budget.e2e.ts.
const dist = process.env.WEB_DIST_DIR ?? fileURLToPath(new URL('../dist/', import.meta.url));

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

/**
 * The hydration watched by watchHydration went cleanly: no warning or error was logged (a moment is
 * left for a late one) and the server's markup was never thrown away.
 */
async function expectCleanHydration(page: Page, messages: string[]): Promise<void> {
  await page.waitForTimeout(300);
  expect(messages).toEqual([]);
  expect(
    await page.evaluate(
      () => (window as unknown as { __serverMarkupReplaced: boolean }).__serverMarkupReplaced,
    ),
  ).toBe(false);
}

/**
 * Holds the app's chunk back, so the page stays the server's HTML (plus src/boot.ts) until the returned
 * function lets it through.
 */
async function holdApp(page: Page): Promise<() => void> {
  const app = `/${readManifest(dist)[APP_MODULE]!.file}`;
  let letAppThrough!: () => void;
  const appHeld = new Promise<void>((resolve) => (letAppThrough = resolve));
  await page.route(`**${app}`, async (route) => {
    await appHeld;
    await route.continue();
  });
  return letAppThrough;
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
      await expectCleanHydration(page, messages);
    });
  }

  test('a page built last year hydrates without a warning, then shows this year', async ({
    page,
    request,
  }) => {
    // The zodiac guide shows the year twice: the footer's and the animals' nearby years.
    const html = await (await request.get('/zodiac-guide')).text();
    const builtIn = Number(/© (?:<!-- -->)?(\d{4})/.exec(html)?.[1]);
    expect(builtIn).toBeGreaterThan(2000);
    await page.clock.install({ time: new Date(builtIn + 1, 5, 15, 12) });

    const { messages } = await watchHydration(page);
    await page.goto('/zodiac-guide');
    await hydrated(page);
    await expect(page.getByRole('contentinfo')).toContainText(`© ${builtIn + 1} Starborn`);
    await expectCleanHydration(page, messages);
  });

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

  test.describe('a form before the app', () => {
    // The support request is answered 503, which the browser logs.
    test.use({ expectedConsoleErrors: [/status of 503/] });

    test('a form filled in and sent before the app has taken over is sent by the app, as typed', async ({
      page,
    }) => {
      // The page is the server's HTML until the app is let through.
      const letAppThrough = await holdApp(page);
      const sent: unknown[] = [];
      await page.route('**/api/support', async (route) => {
        sent.push(route.request().postDataJSON());
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ status: 503, code: 'UNAVAILABLE', message: 'down', error: 'down' }),
        });
      });

      await page.goto('/support');
      const form = page.locator('form.support-form');
      await form.getByLabel('Name').fill('Early Bird');
      await form.getByLabel('Email').fill('early@starborn.test');
      await form.getByLabel('Category').selectOption('billing');
      await form.getByLabel('Message').fill('Typed before the app arrived.');
      await form.getByRole('button', { name: 'Send Message' }).click();
      // Not sent natively (a page load with the fields in the URL), and not sent at all yet.
      await expect(page).toHaveURL(/\/support$/);
      expect(sent).toEqual([]);

      letAppThrough();
      await expect.poll(() => sent.length).toBe(1);
      expect(sent[0]).toMatchObject({
        name: 'Early Bird',
        email: 'early@starborn.test',
        category: 'billing',
        message: 'Typed before the app arrived.',
      });
      await expect(form.getByLabel('Name')).toHaveValue('Early Bird');
    });
  });

  test('a button clicked before the app has taken over does its work once the app runs, once', async ({
    page,
  }) => {
    // The FAQ's questions are the server's buttons until the app is let through.
    const letAppThrough = await holdApp(page);
    await page.goto('/faqs');
    const question = page.getByRole('button', { name: 'How much does Premium cost?' });
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'false');

    letAppThrough();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: 'How much does Premium cost?' })).toContainText('$3.99');
    // Made once: a second, later click closes it again.
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'false');
  });

  test('the signed-in pages come as the shell, rendered in the browser', async ({ request }) => {
    for (const path of ['/profile', '/hero/0123456789abcdef0123456789abcdef', '/login']) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain('<div id="root"></div>');
    }
  });
});
