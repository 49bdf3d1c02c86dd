import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, generatedHero, premiumHero, signInWith, signUpViaApi, test } from './fixtures';
import { WCAG_AA } from './support/screen-checks';

/** Every axe violation (WCAG A/AA and best practices, whatever its impact) inside the art versions panel. */
async function panelAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include('.art-versions')
    .withTags([...WCAG_AA, 'best-practice'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** The storage key a signed /media URL names (its path, without the query that signs it). */
const mediaPath = (url: string | null) => new URL(url ?? '', 'http://x').pathname;

test.describe('Recreate art', () => {
  test.setTimeout(150_000);

  test('the owner of a premium hero recreates its art, sees the new version in the gallery, and shows it', async ({
    page,
  }) => {
    const account = await signUpViaApi(page, 'recreate-art');
    const heroId = await premiumHero(page, account, 'Orin Vale', '1993-08-14');

    await signInWith(page, account.session);
    await page.goto(`/hero/${heroId}`);
    const panel = page.getByRole('region', { name: 'Art versions' });
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId('recreations-left')).toHaveText('3 recreations left');
    const gallery = panel.getByRole('list', { name: 'Versions of the art' });
    await expect(gallery.getByRole('listitem')).toHaveCount(1);
    await expect(panel.getByTestId('art-version-0')).toContainText('Shown');
    const firstArt = mediaPath(
      await page.getByRole('img', { name: 'Orin Vale, front view' }).getAttribute('src'),
    );
    expect(firstArt).toBe(`/media/heroes/${heroId}/full/front.png`);

    // The confirmation first: Cancel (and Escape) make nothing and give the focus back.
    const recreate = panel.getByRole('button', { name: 'Recreate art' });
    await recreate.click();
    const question = panel.getByRole('group', { name: 'Confirm recreating the art' });
    await expect(question).toContainText('Make a new version of Orin Vale’s art?');
    await expect(question).toContainText('You can do this 3 more times.');
    await expect(question.getByRole('button', { name: 'Yes, recreate' })).toBeFocused();
    expect(await panelAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(question).toHaveCount(0);
    await expect(recreate).toBeFocused();
    await recreate.click();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(gallery.getByRole('listitem')).toHaveCount(1);

    // Confirmed: version 1 is being made, with its progress shown, then it joins the gallery.
    await recreate.click();
    await question.getByRole('button', { name: 'Yes, recreate' }).click();
    const version1 = panel.getByTestId('art-version-1');
    await expect(version1).toBeVisible();
    await expect(recreate).toBeDisabled();
    // The focus moves to the progress (the action is disabled while a version is made).
    await expect(panel.getByRole('status')).toContainText('Making version 1');
    await expect(panel.getByRole('status')).toBeFocused();
    await expect(version1.getByRole('button', { name: 'Show this one (version 1)' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(panel.getByRole('status')).toHaveText('');
    await expect(panel.getByTestId('recreations-left')).toHaveText('2 recreations left');
    await expect(version1.getByRole('img', { name: 'Orin Vale, version 1' })).toBeVisible();
    const version1Src = mediaPath(await version1.getByRole('img').getAttribute('src'));
    expect(version1Src).toBe(`/media/heroes/${heroId}/art/v1/full/front.png`);
    // Until chosen, the hero page keeps its first art.
    expect(
      mediaPath(await page.getByRole('img', { name: 'Orin Vale, front view' }).getAttribute('src')),
    ).toBe(firstArt);
    expect(await panelAxeViolations(page)).toEqual([]);

    // Show this one: the hero page shows version 1, and so does a fresh load.
    await version1.getByRole('button', { name: 'Show this one (version 1)' }).click();
    await expect(version1).toContainText('Shown');
    await expect(version1).toHaveAttribute('aria-current', 'true');
    await expect(
      panel.getByTestId('art-version-0').getByRole('button', { name: /Show this one/ }),
    ).toBeVisible();
    await expect(page.getByRole('img', { name: 'Orin Vale, front view' })).toHaveAttribute(
      'src',
      new RegExp(`/media/heroes/${heroId}/art/v1/full/front\\.png`),
    );
    await page.reload();
    await expect(page.getByRole('img', { name: 'Orin Vale, front view' })).toHaveAttribute(
      'src',
      new RegExp(`/media/heroes/${heroId}/art/v1/full/front\\.png`),
    );
    await expect(page.getByTestId('art-version-1')).toContainText('Shown');
    // The picture itself is served.
    const shown = await page.request.get(
      (await page.getByRole('img', { name: 'Orin Vale, front view' }).getAttribute('src'))!,
    );
    expect(shown.status()).toBe(200);
  });

  test('an unpaid hero has no art versions to recreate', async ({ page }) => {
    const account = await signUpViaApi(page, 'recreate-art-unpaid');
    const heroId = await generatedHero(page, account, 'Tamsin Reed', '1990-02-02');
    await signInWith(page, account.session);
    await page.goto(`/hero/${heroId}`);
    await expect(page.getByRole('heading', { name: 'Tamsin Reed', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Art versions' })).toHaveCount(0);
    const refused = await page.request.post(`/api/heroes/${heroId}/art/recreate`, {
      headers: account.headers,
    });
    expect(refused.status()).toBe(403);
  });
});
