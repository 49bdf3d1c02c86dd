import type { Locator, Page } from '@playwright/test';
import { createHero, expect, generateHero, premiumHero, signUp, test } from './fixtures';

const LOCKED_ACTIONS = ['Share', 'Download Assets', 'Download Book', 'Join Shared Story'];
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

const box = async (locator: Locator) => (await locator.boundingBox())!;

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

    // One unpaid hero: Create New Hero is disabled, with the note that says why.
    await expect(page.getByRole('button', { name: 'Create New Hero' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Create New Hero' })).toHaveAccessibleDescription(
      CREATE_NOTE,
    );
    await expect(page.getByText(CREATE_NOTE)).toBeVisible();
    // The profile says the same.
    await page.goto('/profile');
    await expect(page.getByRole('button', { name: 'Create New Hero' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Create New Hero' })).toHaveAccessibleDescription(
      CREATE_NOTE,
    );
    await expect(page.getByRole('main').getByRole('link', { name: 'Create New Hero' })).toHaveCount(0);
    await page.goto('/heroes');

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
    for (const label of LOCKED_ACTIONS)
      await expect(page.getByRole('link', { name: label, exact: true })).toHaveAttribute(
        'href',
        `/checkout/${heroId}`,
      );
    await expect(page.getByRole('link', { name: 'Unlock Now' })).toHaveCount(0);
    await expect(page.locator('[data-slot="chapters"]')).toHaveCount(0);
    await expect(page.locator('.gallery__thumb[data-locked="true"]')).toHaveCount(2);

    // Back from checkout: a success notification, then the query is cleared.
    await page.goto(`/hero/${heroId}?payment=success`);
    await expect(page.getByRole('status').filter({ hasText: 'Payment Successful!' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/hero/${heroId}$`));
    await expect(page.getByTestId('watermark')).toHaveText('UNLOCK FULL QUALITY');
  });

  test('an unpaid hero shows Share, Download Assets, Download Book and Join Shared Story, each leading to checkout', async ({
    page,
  }) => {
    const account = await signUp(page, 'unpaid-actions');
    const heroId = await createHero(page, account, 'Lyra Dawnquill', '1990-02-02');
    await generateHero(page, account, heroId);

    await page.goto(`/hero/${heroId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Lyra Dawnquill' })).toBeVisible();
    // The description names the sign with the article it is said with.
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      'Lyra Dawnquill, an Aquarius hero of the Horse, born of the stars.',
    );
    // (The chapters panel below has an Unlock Now of its own.)
    await expect(page.locator('.hero-page__media').getByRole('link', { name: 'Unlock Now' })).toHaveAttribute(
      'href',
      `/checkout/${heroId}`,
    );
    await expect(page.getByRole('link', { name: 'Purchase Full Version' })).toHaveCount(0);
    for (const label of LOCKED_ACTIONS) {
      const action = page.getByRole('link', { name: label, exact: true });
      await expect(action).toBeVisible();
      await expect(action).toHaveAttribute('href', `/checkout/${heroId}`);
      await expect(action).toHaveAccessibleDescription(/downloads, sharing and the shared story/);
    }
    await page.getByRole('link', { name: 'Join Shared Story', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/${heroId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Unlock Premium Hero' })).toBeVisible();
  });

  test('the preview link of a paid hero opens the hero itself, with nothing left to buy', async ({
    page,
  }) => {
    const account = await signUp(page, 'paid-preview');
    const heroId = await premiumHero(page, account, 'Altair Brightwing', '1985-04-01');

    await page.goto(`/hero/preview-${heroId}`);
    await expect(page).toHaveURL(new RegExp(`/hero/${heroId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Altair Brightwing' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
    await expect(page.getByText('Unlock Full Backstory')).toHaveCount(0);
    await expect(page.getByText('Purchase Full Version')).toHaveCount(0);
    await expect(page.getByTestId('watermark')).toHaveCount(0);
    await expect(page.locator('[data-slot="chapters"]')).toBeVisible();
    // Back in history is the page before, not the preview link bouncing forward again.
    await page.goBack();
    await expect(page).not.toHaveURL(/preview-/);
  });

  test('a paid hero with a long backstory reads as one page at 1280×800 and 390×844', async ({ page }) => {
    const account = await signUp(page, 'paid-layout');
    const heroId = await premiumHero(page, account, 'Cassia Nightbloom', '1992-11-11');

    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto(`/hero/${heroId}`);
      const backstory = page.locator('.hero-page__backstory');
      await expect(backstory.locator('.hero-backstory__text')).toBeVisible();
      // The full backstory, long enough to have left a tall empty column beside it.
      expect((await backstory.innerText()).length).toBeGreaterThan(1500);

      const grid = await box(page.locator('.hero-page__grid'));
      const media = await box(page.locator('.hero-page__media'));
      const traits = await box(page.getByRole('region', { name: 'Traits' }));
      const story = await box(backstory);
      // The backstory comes after the portraits and the traits, across the whole width of the page.
      expect(story.y).toBeGreaterThanOrEqual(Math.max(media.y + media.height, traits.y + traits.height));
      expect(Math.abs(story.width - grid.width)).toBeLessThanOrEqual(1);
      // Side by side (wide screens), the portraits and the traits end close together: no tall empty
      // column beside either; stacked (phones), each spans the page.
      if (traits.x > media.x + media.width) {
        const gap = Math.abs(media.y + media.height - (traits.y + traits.height));
        expect(gap).toBeLessThan(viewport.height / 2);
      } else {
        expect(Math.abs(media.width - grid.width)).toBeLessThanOrEqual(1);
        expect(Math.abs(traits.width - grid.width)).toBeLessThanOrEqual(1);
      }
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
    }
  });

  test.describe('another user’s hero', () => {
    test.use({ expectedConsoleErrors: [/status of 404/] });

    // Someone else's hero is answered as unknown (404): the not-found page, which no retry can change
    // (a server failure still shows Error Loading Hero with Try Again: screens-keyboard.e2e.ts).
    test('shows the not-found page, with nothing of the hero and no retry', async ({ page }) => {
      const owner = await signUp(page, 'owner');
      const heroId = await createHero(page, owner, 'Secret Keeper', '1984-05-05');
      await signOut(page);

      const stranger = await signUp(page, 'stranger');
      const direct = await page.request.get(`/api/heroes/${heroId}`, { headers: stranger.headers });
      expect(direct.status()).toBe(404);

      await page.goto(`/hero/${heroId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Lost in the Cosmic Void' })).toBeVisible();
      await expect(page.getByText('Secret Keeper')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Try Again' })).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('link', { name: 'Your Heroes' })).toHaveAttribute(
        'href',
        '/heroes',
      );
    });
  });
});
