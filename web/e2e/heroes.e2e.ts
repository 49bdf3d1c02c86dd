import type { Page } from '@playwright/test';
import { createHero, expect, generateHero, signUp, test } from './fixtures';

const CREATE_NOTE =
  'You can only have one non-premium hero at a time. To create a new hero, please upgrade your existing non-premium hero to premium status.';

async function signOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test.describe('heroes list', () => {
  test.setTimeout(180_000);

  test('an empty list invites the first hero', async ({ page }) => {
    await signUp(page, 'list-empty');
    await page.goto('/heroes');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Cosmic Heroes' })).toBeVisible();
    await expect(page.getByRole('heading', { name: "You Haven't Created Any Heroes Yet" })).toBeVisible();
    const create = page.getByRole('main').getByRole('link', { name: 'Create New Hero' });
    await expect(create).toHaveAttribute('href', '/create');
    await expect(page.getByText(CREATE_NOTE)).toHaveCount(0);
  });

  test('cards link to the hero, show Generating then the image, search filters by name, creation is blocked', async ({
    page,
  }) => {
    const account = await signUp(page, 'list');
    const heroId = await createHero(page, account, 'Nova Starling', '1996-09-30');

    // Not generated yet: the Generating badge and the image placeholder.
    await page.goto('/heroes');
    const card = page.getByRole('link', { name: /Nova Starling/ });
    await expect(card).toHaveAttribute('href', `/hero/${heroId}`);
    await expect(card).toContainText('Generating');
    await expect(card).toContainText('Image generating...');

    // One unpaid hero: Create New Hero is disabled, with the note.
    await expect(page.getByRole('button', { name: 'Create New Hero' })).toBeDisabled();
    await expect(page.getByText(CREATE_NOTE)).toBeVisible();

    await generateHero(page, account, heroId);
    await page.reload();
    await expect(card).not.toContainText('Generating');
    await expect(card).not.toContainText('Premium');
    await expect(card).toContainText('Libra');
    await expect(card.locator('img')).toHaveCount(1);
    await expect
      .poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    // Search: case-insensitive contains; no match shows the empty state with Clear Search.
    const search = page.getByRole('searchbox', { name: 'Search heroes by name' });
    await search.fill('STARL');
    await expect(card).toBeVisible();
    await search.fill('zephyr');
    await expect(page.getByRole('heading', { name: 'No Heroes Found' })).toBeVisible();
    await expect(card).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear Search' }).click();
    await expect(search).toHaveValue('');
    await expect(card).toBeVisible();

    await card.click();
    await expect(page).toHaveURL(new RegExp(`/hero/${heroId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Nova Starling' })).toBeVisible();
  });
});

test.describe('hero page', () => {
  test.setTimeout(180_000);

  test('a preview id shows the PREVIEW watermark, Purchase Full Version and no chapters', async ({
    page,
  }) => {
    const account = await signUp(page, 'preview');
    const heroId = await createHero(page, account, 'Vega Moonshadow', '1979-01-10');
    await generateHero(page, account, heroId);

    await page.goto(`/hero/preview-${heroId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Vega Moonshadow' })).toBeVisible();
    await expect(page.getByTestId('watermark')).toHaveText('PREVIEW');
    await expect(page.getByRole('link', { name: 'Purchase Full Version' })).toHaveAttribute(
      'href',
      `/checkout/${heroId}`,
    );
    await expect(page.locator('[data-slot="chapters"]')).toHaveCount(0);
    await expect(page.locator('.gallery__thumb[data-locked="true"]')).toHaveCount(2);

    // Back from checkout: a success notification, then the query is cleared.
    await page.goto(`/hero/${heroId}?payment=success`);
    await expect(page.getByRole('status').filter({ hasText: 'Payment Successful!' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/hero/${heroId}$`));
    await expect(page.getByTestId('watermark')).toHaveText('UNLOCK FULL QUALITY');
  });

  test.describe('another user’s hero', () => {
    test.use({ expectedConsoleErrors: [/status of 404/] });

    test('shows the error screen, and Try Again reloads', async ({ page }) => {
      const owner = await signUp(page, 'owner');
      const heroId = await createHero(page, owner, 'Secret Keeper', '1984-05-05');
      await signOut(page);

      const stranger = await signUp(page, 'stranger');
      const direct = await page.request.get(`/api/heroes/${heroId}`, { headers: stranger.headers });
      expect(direct.status()).toBe(404);

      await page.goto(`/hero/${heroId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Error Loading Hero' })).toBeVisible();
      await expect(page.getByText('Failed to load hero data. Please try again.')).toBeVisible();
      await expect(page.getByText('Secret Keeper')).toHaveCount(0);
      const reload = page.waitForEvent('load');
      await page.getByRole('button', { name: 'Try Again' }).click();
      await reload;
      await expect(page.getByRole('heading', { level: 1, name: 'Error Loading Hero' })).toBeVisible();
    });
  });
});
