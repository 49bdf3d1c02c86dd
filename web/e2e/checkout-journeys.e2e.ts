/**
 * The checkout as a person walks it: looking at the price again and again opens no payment and never
 * meets the payments limit; Pay opens (or reuses) one and says "Processing…" while it runs; the hero
 * page after it keeps its image counter off the portrait's zodiac medallion and the success toast off
 * the action buttons, on desktop and on a phone.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, generatedHero, signInWith, signUpViaApi, test } from './fixtures';
import { fillCard } from './support/checkout';
import { CHECKOUT_VIEWPORTS } from './support/payment-error';

const LIMIT_MESSAGE = /started too many payments/i;

type Box = { x: number; y: number; width: number; height: number };

function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'element laid out').not.toBeNull();
  return box!;
}

/** The checkout as shown on a visit: the server's price, the pay button, no limit message. */
async function expectPriceShown(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Unlock Premium Hero' })).toBeVisible();
  await expect(page.getByTestId('checkout-amount')).toHaveText('$3.99');
  await expect(page.getByRole('button', { name: 'Upgrade to Premium' })).toBeEnabled();
  await expect(page.getByText(LIMIT_MESSAGE)).toHaveCount(0);
}

test.describe('checkout journeys', () => {
  test.setTimeout(200_000);

  for (const viewport of CHECKOUT_VIEWPORTS) {
    test(`twelve visits open no payment; Pay opens one and says Processing…; the hero page after it stays clear (${viewport.width}×${viewport.height})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const account = await signUpViaApi(page, 'checkout-visits');
      const heroId = await generatedHero(page, account, 'Seraphine Emberwind', '1990-03-25');
      await signInWith(page, account.session);

      const intentsAsked: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/create-payment-intent')) intentsAsked.push(request.method());
      });

      // Twelve visits: loads, reloads, and back and forth from the hero page's locked button.
      await page.goto(`/hero/${heroId}`);
      await page.locator('.hero-actions').getByRole('link', { name: 'Unlock Now' }).click();
      await expectPriceShown(page);
      for (let visit = 2; visit <= 12; visit++) {
        if (visit % 3 === 0) {
          await page.reload();
        } else if (visit % 3 === 1) {
          await page.goto(`/hero/${heroId}`);
          await page.locator('.hero-actions').getByRole('link', { name: 'Unlock Now' }).click();
          await expect(page).toHaveURL(new RegExp(`/checkout/${heroId}$`));
        } else {
          await page.goBack();
          await page.goForward();
        }
        await expectPriceShown(page);
      }
      expect(intentsAsked, 'no payment opened by looking at the checkout').toEqual([]);

      // The wallet field says what it is for and that it may stay empty.
      const wallet = page.getByRole('textbox', { name: 'NFT Wallet Address (optional)' });
      await expect(wallet).toBeVisible();
      await expect(wallet).toHaveAccessibleDescription(/not required.*NFT|NFT.*not required/i);

      // Pay: the confirmation is held back so the in-flight state can be read.
      let releaseConfirm!: () => void;
      const confirmHeld = new Promise<void>((resolve) => (releaseConfirm = resolve));
      await page.route('**/api/payments/local/confirm', async (route) => {
        await confirmHeld;
        await route.continue();
      });
      await fillCard(page, '4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
      const busy = page.getByTestId('checkout-pay');
      await expect(busy).toHaveText('Processing…');
      await expect(busy).toBeVisible();
      await expect(busy).toHaveAttribute('aria-busy', 'true');
      // Readable: not faded, and the gold button's dark text.
      await expect(busy).toHaveCSS('opacity', '1');
      await expect(busy).toHaveCSS('color', 'rgb(27, 16, 51)');
      releaseConfirm();

      await expect(page).toHaveURL(new RegExp(`/hero/${heroId}$`), { timeout: 20_000 });
      expect(intentsAsked, 'one payment, opened by Pay').toEqual(['POST']);

      // The success toast lies over none of the hero's action buttons.
      const toast = page.locator('.toast').filter({ hasText: 'Payment Successful!' });
      await expect(toast).toBeVisible();
      await expect(page.locator('.hero-actions')).toBeVisible();
      const toastBox = await boxOf(toast);
      const actions = page.locator('.hero-actions').locator('a, button');
      expect(await actions.count()).toBeGreaterThan(0);
      for (const action of await actions.all()) {
        if (!(await action.isVisible())) continue;
        expect(intersects(toastBox, await boxOf(action)), `toast over "${await action.innerText()}"`).toBe(
          false,
        );
      }

      // The image counter lies off the portrait (its corners carry the zodiac medallion) and the badges.
      const counter = page.locator('.gallery__counter');
      await expect(counter).toHaveText('1 / 3');
      const counterBox = await boxOf(counter);
      expect(intersects(counterBox, await boxOf(page.locator('.gallery__image')))).toBe(false);
      for (const badge of await page.locator('.sign-badge').all()) {
        expect(intersects(counterBox, await boxOf(badge))).toBe(false);
      }
    });
  }
});
