import { expect, premiumHero, signUp, test } from './fixtures';

test.describe('sharing', () => {
  test.setTimeout(200_000);

  test('Share makes a link; a signed-out visitor sees the hero; the profile lists heroes and links', async ({
    page,
    browser,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const account = await signUp(page, 'share', 'Selene Brightwater');
    const heroId = await premiumHero(page, account, 'Orion Emberfall', '1992-04-12');

    await page.goto(`/hero/${heroId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Orion Emberfall' })).toBeVisible();
    await page.getByRole('button', { name: 'Share' }).click();
    const field = page.getByTestId('share-link').getByRole('textbox', { name: 'Share link' });
    await expect(field).toHaveValue(/\/share\/[^/]+$/);
    const shareUrl = await field.inputValue();
    expect(shareUrl.startsWith('http://127.0.0.1:')).toBe(true);

    const copy = page.getByTestId('share-link').getByRole('button', { name: 'Copy' });
    await copy.click();
    await expect(page.getByTestId('share-link').getByRole('button', { name: 'Copied!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);
    await expect(page.getByTestId('share-link').getByRole('button', { name: 'Copy' })).toBeVisible({
      timeout: 4000,
    });

    // A visitor who is not signed in.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    const problems: string[] = [];
    visitor.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    visitor.on('pageerror', (error) => problems.push(error.message));
    await visitor.goto(shareUrl);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Orion Emberfall' })).toBeVisible();
    await expect(visitor.getByText('Aries').first()).toBeVisible();
    await expect(visitor.locator('.hero-backstory__text')).not.toBeEmpty();
    await expect(visitor.locator('.gallery__image')).toHaveCount(1);
    const create = visitor.getByRole('link', { name: 'Create Your Own Hero' });
    await expect(create).toHaveAttribute('href', '/create');
    expect(problems).toEqual([]);
    await visitorContext.close();

    // The profile: the hero and the shared link (one view so far).
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Profile' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Orion Emberfall' })).toHaveAttribute(
      'href',
      `/hero/${heroId}`,
    );
    const link = page.getByTestId('shared-link');
    await expect(link).toHaveCount(1);
    await expect(link).toContainText('Orion Emberfall');
    await expect(link).toContainText('Active');
    await expect(link).toContainText('1 view');
    await expect(link.getByRole('textbox')).toHaveValue(shareUrl);
    await expect(page.getByRole('main').getByRole('link', { name: 'Create New Hero' })).toHaveAttribute(
      'href',
      '/create',
    );
  });

  test('an empty profile invites the first hero', async ({ page }) => {
    await signUp(page, 'profile-empty');
    await page.goto('/profile');
    await expect(page.getByRole('link', { name: 'Create Your First Hero' })).toHaveAttribute(
      'href',
      '/create',
    );
    await expect(page.getByText('You have not shared a hero yet.', { exact: false })).toBeVisible();
  });

  test.describe('an unknown share link', () => {
    test.use({ expectedConsoleErrors: [/status of 404/] });

    test('shows the error card with Return Home', async ({ page }) => {
      await page.goto('/share/does-not-exist');
      await expect(page.getByRole('heading', { level: 1, name: 'Hero Not Available' })).toBeVisible();
      await expect(page.getByRole('alert')).not.toBeEmpty();
      await page.getByRole('link', { name: 'Return Home' }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  });
});
