import { expect, premiumHero, signInWith, signUpViaApi, test } from './fixtures';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`Profile → Shared Links (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    test.setTimeout(150_000);

    test('a link is turned off after a confirmation; it then shows as inactive, without Copy, and its page is gone', async ({
      page,
      browser,
    }) => {
      const account = await signUpViaApi(page, `share-off-${viewport.name}`);
      const heroId = await premiumHero(page, account, 'Vesper Lumen', '1991-10-02');
      const shared = await page.request.post(`/api/heroes/${heroId}/share`, { headers: account.headers });
      expect(shared.status()).toBe(201);
      const { id: shareId } = (await shared.json()) as { id: string };

      await signInWith(page, account.session);
      await page.goto('/profile');
      const item = page.getByTestId('shared-link');
      await expect(item).toContainText('Vesper Lumen');
      await expect(item).toContainText('Active');
      await expect(item.getByRole('button', { name: 'Copy' })).toBeVisible();
      const turnOff = item.getByRole('button', { name: 'Turn off the link for Vesper Lumen' });
      await expect(turnOff).toBeVisible();
      // Within the screen's width, on a phone as on a desktop.
      await turnOff.scrollIntoViewIfNeeded();
      await expect(turnOff).toBeInViewport();
      const box = (await turnOff.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);

      // The question first; Escape keeps the link on and gives the focus back.
      await turnOff.click();
      const question = item.getByRole('group', { name: /Turn off this link\?/ });
      await expect(question).toBeVisible();
      const confirm = question.getByRole('button', { name: 'Turn off link' });
      await expect(confirm).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(question).toHaveCount(0);
      await expect(turnOff).toBeFocused();
      await expect(item).toContainText('Active');

      // "Keep it on" does the same.
      await turnOff.click();
      await question.getByRole('button', { name: 'Keep it on' }).click();
      await expect(question).toHaveCount(0);
      expect((await page.request.get(`/api/share/${shareId}`)).status()).toBe(200);

      // Turned off: inactive, no Copy, no address, no Turn off; the change is announced.
      await turnOff.click();
      await confirm.click();
      await expect(item).toContainText('Inactive');
      await expect(item).toContainText('This link is off');
      await expect(item.getByRole('button')).toHaveCount(0);
      await expect(item.getByRole('textbox')).toHaveCount(0);
      await expect(
        page.getByRole('status').filter({ hasText: 'The link for Vesper Lumen is turned off.' }),
      ).toHaveCount(1);
      await expect(item.getByRole('heading', { level: 3, name: 'Vesper Lumen' })).toBeFocused();

      // The server agrees: the link's page is gone, and the list says inactive after a reload.
      expect((await page.request.get(`/api/share/${shareId}`)).status()).toBe(404);
      await page.reload();
      await expect(item).toContainText('Inactive');
      await expect(item.getByRole('button', { name: 'Copy' })).toHaveCount(0);

      const visitorContext = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
      });
      const visitor = await visitorContext.newPage();
      await visitor.goto(new URL(`/share/${shareId}`, page.url()).toString());
      await expect(visitor.getByRole('heading', { level: 1, name: 'Hero Not Available' })).toBeVisible();
      await expect(visitor.getByRole('alert')).toContainText('This shared hero link is no longer active.');
      await expect(visitor.getByRole('heading', { name: 'Vesper Lumen' })).toHaveCount(0);
      await visitorContext.close();
    });
  });
}
