import type { Locator, Page } from '@playwright/test';
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

/** A right-to-left name with Latin after it: without isolation it pulls the words around it along. */
const RTL_HERO = 'נועה Starfall';
const RTL_TITLE = 'סיפור הלילה 7';
const RTL_LINE = 'שלום לכולם, 3 כוכבים!';

/** Whether the element holding exactly this text isolates it: a <bdi>, or dir="auto" on it. */
async function expectIsolated(scope: Page | Locator, text: string) {
  const holders = scope.locator(`bdi, [dir="auto"]`).filter({ hasText: text });
  await expect(holders.first()).toBeVisible();
  const isolated = await holders.evaluateAll(
    (elements, wanted) =>
      elements.some(
        (element) =>
          element.textContent?.trim() === wanted && getComputedStyle(element).unicodeBidi.includes('isolate'),
      ),
    text,
  );
  expect(isolated, `"${text}" is isolated`).toBe(true);
}

test.describe('user text is isolated from the text around it', () => {
  test.setTimeout(200_000);

  test('hero names, the display name, room titles, participants and chat lines sit in <bdi> or dir="auto"', async ({
    page,
  }) => {
    const account = await signUp(page, 'bidi', 'דנה Brightwater');
    const heroId = await premiumHero(page, account, RTL_HERO, '1992-04-12');

    await page.goto('/profile');
    await expectIsolated(page.locator('.profile-card'), 'דנה Brightwater');
    await expectIsolated(page.locator('.user-chip'), 'דנה Brightwater');
    await page.goto(`/hero/${heroId}`);
    await expectIsolated(page.getByRole('heading', { level: 1 }), RTL_HERO);

    const share = await page.request.post(`/api/heroes/${heroId}/share`, { headers: account.headers });
    expect(share.status(), await share.text()).toBe(201);
    const { shareUrl } = (await share.json()) as { shareUrl: string };
    await page.goto(new URL(shareUrl).pathname);
    await expectIsolated(page.getByRole('heading', { level: 1 }), RTL_HERO);

    const created = await page.request.post('/api/shared-story/create', {
      headers: account.headers,
      data: { heroId },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { roomId } = (await created.json()) as { roomId: string };
    const renamed = await page.request.patch(`/api/shared-story/${roomId}`, {
      headers: account.headers,
      data: { title: RTL_TITLE },
    });
    expect(renamed.status(), await renamed.text()).toBe(200);

    await page.goto(`/shared-story?heroId=${heroId}`);
    const row = page.locator(`[data-testid="room-row"][data-room-id="${roomId}"]`);
    await expectIsolated(row, RTL_TITLE);

    await page.goto(`/shared-story/${roomId}?heroId=${heroId}`);
    await expectIsolated(page.getByRole('heading', { level: 1 }), RTL_TITLE);
    await expectIsolated(page.locator('.story-heroes__item'), RTL_HERO);
    const input = page.getByLabel('Your message');
    await input.fill(RTL_LINE);
    await input.press('Enter');
    const line = page.getByTestId('hero-message').filter({ hasText: RTL_LINE });
    await expect(line).toBeVisible();
    await expectIsolated(line, RTL_LINE);
    await expectIsolated(page.locator('.story-group__header'), RTL_HERO);
  });
});
