import { expect, premiumHero, signUp, test } from './fixtures';

const HOSTILE_NAME = '[Claim free premium](https://evil.example/x)';

test.describe('user-written text stays text', () => {
  test.setTimeout(200_000);

  test('a hero named like a markdown link shows literally on its public share page, with no external link', async ({
    page,
    browser,
  }) => {
    const account = await signUp(page, 'usertext', 'Selene Brightwater');
    const heroId = await premiumHero(page, account, HOSTILE_NAME, '1992-04-12');
    const share = await page.request.post(`/api/heroes/${heroId}/share`, { headers: account.headers });
    expect(share.status(), await share.text()).toBe(201);
    const { shareUrl } = (await share.json()) as { shareUrl: string };

    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(new URL(shareUrl).pathname);
    await expect(visitor.getByRole('heading', { level: 1, name: HOSTILE_NAME })).toBeVisible();
    const backstory = visitor.locator('.hero-backstory__text');
    await expect(backstory).toBeVisible();
    await expect(backstory).toContainText(HOSTILE_NAME);
    // Not one link on the page leads off the site.
    const hrefs = await visitor
      .locator('a[href]')
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    const origin = new URL(visitor.url()).origin;
    const external = hrefs.filter((href) => new URL(href).origin !== origin && href.includes('evil.example'));
    expect(external).toEqual([]);
    await expect(backstory.locator('a')).toHaveCount(0);
    await visitorContext.close();
  });
});
