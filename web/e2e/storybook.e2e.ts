import type { Locator, Page } from '@playwright/test';
import { expect, generatedHero, signUp, storyBookReady, test } from './fixtures';
import { fillCard } from './support/checkout';
import { seriousAxeViolations } from './support/screen-checks';

const COUNTDOWN = /^Next chapter unlocks in (\d+)h (\d+)m\. Premium chapters are released daily\.$/;

/** The storybook's countdown, and true to it: the next chapter comes within a day, also after a purchase. */
async function expectNextChapterWithinADay(prompt: Locator) {
  const countdown = prompt.getByTestId('chapter-countdown');
  await expect(countdown).toHaveText(COUNTDOWN);
  const [, hours, minutes] = COUNTDOWN.exec(await countdown.innerText())!;
  expect(Number(hours) * 60 + Number(minutes)).toBeGreaterThan(0);
  expect(Number(hours) * 60 + Number(minutes)).toBeLessThanOrEqual(24 * 60);
}

/** The chapters panel of the hero page. */
const chaptersPanel = (page: Page) => page.getByRole('region', { name: 'Storybook' });
const chapterTab = (panel: Locator, n: number) =>
  panel.getByRole('tab', { name: new RegExp(`^Chapter ${n}( \\(locked\\))?$`) });

async function payWithTestCard(page: Page, button: string) {
  const pay = page.getByRole('button', { name: button });
  await expect(pay).toBeEnabled();
  await fillCard(page, '4242 4242 4242 4242');
  await pay.click();
}

/** The selected chapter, once written, is shown as text (the local writer takes well under a second). */
async function expectChapterText(panel: Locator) {
  const reader = panel.getByRole('tabpanel');
  await expect(reader.locator('.chapter-text')).toBeVisible({ timeout: 20_000 });
  await expect(reader.getByRole('heading', { level: 3 }).first()).toContainText(/\S/);
  await expect(reader.locator('.chapter-text p').first()).not.toBeEmpty();
  await expect(reader).not.toContainText('Chapter content is being generated...');
}

async function expectNoSeriousAxeViolation(page: Page) {
  expect(await seriousAxeViolations(page, '[data-slot="chapters"]')).toEqual([]);
}

test.describe('chapters panel', () => {
  test.setTimeout(240_000);

  test('an unpaid hero reads chapter 1 and is offered the full story', async ({ page }) => {
    const account = await signUp(page, 'story-unpaid');
    const heroId = await generatedHero(page, account, 'Selene Quillfire', '1994-02-14');

    await page.goto(`/hero/${heroId}`);
    const panel = chaptersPanel(page);
    await expect(panel.getByTestId('chapters-count')).toHaveText('1 of 1 chapter unlocked', {
      timeout: 20_000,
    });
    await expect(panel.getByText('Premium Story')).toHaveCount(0);
    await expect(panel.getByRole('tab')).toHaveCount(1);
    const first = chapterTab(panel, 1);
    await expect(first).toBeEnabled();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expectChapterText(panel);

    const prompt = panel.getByRole('group', { name: 'Unlock Full Story' });
    await expect(prompt).toBeVisible();
    await expect(panel.getByText('Next Chapter Unlocks Soon')).toHaveCount(0);
    await expectNoSeriousAxeViolation(page);

    await prompt.getByRole('link', { name: 'Unlock Now' }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/${heroId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Unlock Premium Hero' })).toBeVisible();
  });

  test('a premium story: 4 of 10 unlocked, the next within a day, then a pack of 3 more and still within a day', async ({
    page,
  }) => {
    const account = await signUp(page, 'story-premium');
    const heroId = await generatedHero(page, account, 'Orion Vale', '1988-10-30');

    // The premium upgrade with the test card.
    await page.goto(`/checkout/${heroId}`);
    await payWithTestCard(page, 'Upgrade to Premium');
    await expect(page).toHaveURL(new RegExp(`/hero/${heroId}$`), { timeout: 20_000 });

    const panel = chaptersPanel(page);
    await expect(panel.getByText('Premium Story', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(panel.getByTestId('chapters-count')).toHaveText('4 of 10 chapters unlocked');
    await expect(panel.getByRole('tab')).toHaveCount(10);
    for (let n = 1; n <= 10; n++) {
      if (n <= 4) await expect(chapterTab(panel, n)).toBeEnabled();
      else await expect(chapterTab(panel, n)).toBeDisabled();
    }
    await expect(chapterTab(panel, 5)).toHaveAccessibleName('Chapter 5 (locked)');
    await expect(chapterTab(panel, 5).locator('svg')).toHaveCount(1);
    await expectChapterText(panel);

    // Keyboard: arrows, Home and End move between the unlocked chapters.
    await chapterTab(panel, 1).focus();
    await page.keyboard.press('ArrowRight');
    await expect(chapterTab(panel, 2)).toBeFocused();
    await expect(chapterTab(panel, 2)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(chapterTab(panel, 4)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(chapterTab(panel, 1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(chapterTab(panel, 4)).toBeFocused();
    await expectChapterText(panel);

    const prompt = panel.getByRole('group', { name: 'Next Chapter Unlocks Soon' });
    await expectNextChapterWithinADay(prompt);
    await expectNoSeriousAxeViolation(page);

    // A pack of 3 more chapters.
    const buy = prompt.getByRole('link', { name: 'Unlock 3 More Chapters – $3.99' });
    await expect(buy).toHaveAttribute('href', `/checkout/${heroId}?type=chapters&amount=499`);
    await buy.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Unlock More Chapters' })).toBeVisible();
    await expect(page.getByTestId('checkout-amount')).toHaveText('$3.99');
    await payWithTestCard(page, 'Unlock 3 Chapters');

    await expect(page).toHaveURL(new RegExp(`/hero/${heroId}$`), { timeout: 20_000 });
    // The chapters payment's own success notification (the premium one may still be on screen).
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Payment Successful!' })
        .filter({ hasText: /chapters/ }),
    ).toBeVisible();
    await expect(page).not.toHaveURL(/payment=success/);
    await expect(panel.getByTestId('chapters-count')).toHaveText('7 of 10 chapters unlocked');
    for (let n = 1; n <= 10; n++) {
      if (n <= 7) await expect(chapterTab(panel, n)).toBeEnabled();
      else await expect(chapterTab(panel, n)).toBeDisabled();
    }
    expect((await storyBookReady(page, account, heroId)).chaptersUnlockedCount).toBe(7);

    // The newly unlocked chapters are written and readable.
    await chapterTab(panel, 7).click();
    await expect(chapterTab(panel, 7)).toHaveAttribute('aria-selected', 'true');
    await expectChapterText(panel);
    await expectNextChapterWithinADay(prompt);
  });
});
