import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import yauzl from 'yauzl';
import {
  createHero,
  expect,
  generatedHero,
  premiumHero,
  signUp,
  signUpViaApi,
  storyBookReady,
  test,
} from './fixtures';
import { fillCard, heroPaymentStatus, openPremiumCheckout } from './support/checkout';
import { CHECKOUT_VIEWPORTS, expectPaymentErrorInView } from './support/payment-error';

const TEST_HINT = 'Test mode — use 4242 4242 4242 4242, any future date, any CVC';

/** The checkout says why there is nothing to pay, with no form, spinner or Try Again that cannot help. */
async function expectNothingToBuy(page: Page, title: string, body: string) {
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: body })).toBeVisible();
  await expect(page.getByLabel('Card Number')).toHaveCount(0);
  await expect(page.locator('.checkout-spinner')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Try Again' })).toHaveCount(0);
}

/** The names of the entries of a zip file. */
function zipEntries(buffer: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('not a zip'));
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

test.describe('checkout', () => {
  test.setTimeout(200_000);

  test('pays with the test card: premium view, then the assets zip downloads', async ({ page }) => {
    const account = await signUp(page, 'pay');
    const heroId = await generatedHero(page, account, 'Aurelia Dawnfire', '1991-08-03');

    await page.goto(`/hero/${heroId}`);
    await expect(page.getByTestId('watermark')).toHaveText('UNLOCK FULL QUALITY');
    await page.locator('.hero-actions').getByRole('link', { name: 'Unlock Now' }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/${heroId}$`));

    // The form, once the AI check and the payment intent are done.
    await expect(page.getByRole('heading', { level: 1, name: 'Unlock Premium Hero' })).toBeVisible();
    await expect(page.getByText(TEST_HINT)).toBeVisible();
    await expect(page.getByText('Secure Payment')).toBeVisible();
    await expect(page.getByTestId('checkout-amount')).toHaveText('$3.99');
    await expect(page.getByLabel('Email Address')).toHaveValue(account.email);
    await expect(page.getByLabel(/Wallet Address/)).toHaveAttribute('placeholder', '0x...');
    await expect(
      page.getByText('For storing your hero as an NFT in the future (not required)'),
    ).toBeVisible();
    const pay = page.getByRole('button', { name: 'Upgrade to Premium' });
    await expect(pay).toBeEnabled();

    // The email is required.
    await page.getByLabel('Email Address').fill('');
    await fillCard(page, '4242424242424242');
    await expect(page.getByLabel('Card Number')).toHaveValue('4242 4242 4242 4242');
    await pay.click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please enter your email address' }),
    ).toBeVisible();
    await page.getByLabel('Email Address').fill(account.email);

    await pay.click();
    await expect(page).toHaveURL(new RegExp(`/hero/${heroId}$`), { timeout: 20_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Payment Successful!' })).toBeVisible();

    // Premium view: full images, no locks, no watermark, the whole backstory.
    await expect(page.getByText('Premium hero')).toBeVisible();
    await expect(page.getByTestId('watermark')).toHaveCount(0);
    await expect(page.locator('.gallery__thumb[data-locked="true"]')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Unlock Full Backstory' })).toHaveCount(0);
    const sources = await page
      .locator('.gallery img')
      .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).getAttribute('src') ?? ''));
    expect(sources.length).toBe(4);
    for (const src of sources) expect(src).toContain('/full/');
    const api = (await (
      await page.request.get(`/api/heroes/${heroId}`, { headers: account.headers })
    ).json()) as {
      paymentStatus: string;
      backstory: string;
      backstoryTruncated?: boolean;
    };
    expect(api.paymentStatus).toBe('paid');
    expect(api.backstoryTruncated ?? false).toBe(false);
    const lastWords = api.backstory
      .replace(/[#*_>`[\]()-]/g, ' ')
      .trim()
      .split(/\s+/)
      .slice(-3)
      .join(' ');
    await expect(page.locator('.hero-backstory__text')).toContainText(lastWords);

    // Download Assets saves hero_{id}_assets.zip with the three images.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Assets' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`hero_${heroId}_assets.zip`);
    const path = await download.path();
    const zip = readFileSync(path);
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
    const pngs = (await zipEntries(zip)).filter((name) => name.toLowerCase().endsWith('.png'));
    expect(pngs).toHaveLength(3);
  });

  test.describe('payment errors', () => {
    // Declined cards answer 402; the lost connection is the aborted confirmation below.
    test.use({ expectedConsoleErrors: [/status of 402|net::ERR_INTERNET_DISCONNECTED/] });

    for (const viewport of CHECKOUT_VIEWPORTS) {
      test(`each shows next to the pay button, in view and focused; chapters too (${viewport.width}×${viewport.height})`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        const account = await signUp(page, 'declined');
        const heroId = await generatedHero(page, account, 'Corvin Ashgrove', '1983-11-27');
        // Chapters are sold once the hero's storybook exists.
        await storyBookReady(page, account, heroId);

        await page.goto(`/checkout/${heroId}?type=chapters&amount=499`);
        await expect(page.getByRole('heading', { level: 1, name: 'Unlock More Chapters' })).toBeVisible();
        const unlock = page.getByRole('button', { name: 'Unlock 3 Chapters' });
        await expect(unlock).toBeEnabled();
        await expect(page.getByTestId('checkout-amount')).toHaveText(/^\$\d+\.\d{2}$/);
        await fillCard(page, '4000 0000 0000 0002');
        await unlock.click();
        await expectPaymentErrorInView(page, 'Your card was declined.', unlock);

        const pay = await openPremiumCheckout(page, heroId);
        // Refused in the browser, before anything is sent.
        await fillCard(page, '4242 4242 4242 4241');
        await pay.click();
        await expectPaymentErrorInView(page, 'Your card number is invalid.', pay);
        await fillCard(page, '4242 4242 4242 4242', '01/20');
        await pay.click();
        await expectPaymentErrorInView(page, 'Your card has expired.', pay);
        // Refused by the card's bank.
        await fillCard(page, '4000 0000 0000 0002');
        await pay.click();
        await expectPaymentErrorInView(page, 'Your card was declined.', pay);
        await expect(page).toHaveURL(new RegExp(`/checkout/${heroId}$`));
        await expect(pay).toBeEnabled();
        // The same words again take the focus again (the person may have moved it away).
        await page.getByLabel('Card Number').focus();
        await pay.click();
        await expectPaymentErrorInView(page, 'Your card was declined.', pay);
        // No connection.
        await page.route('**/api/payments/local/confirm', (route) => route.abort('internetdisconnected'));
        await fillCard(page, '4000 0000 0000 9995');
        await pay.click();
        await expectPaymentErrorInView(
          page,
          'Network error. Please check your connection and try again.',
          pay,
        );
        await page.unroute('**/api/payments/local/confirm');
        await pay.click();
        await expectPaymentErrorInView(page, 'Your card has insufficient funds.', pay);

        expect(await heroPaymentStatus(page, account, heroId)).toBe('unpaid');

        // Cancel goes back.
        await page.goto(`/hero/${heroId}`);
        await page.locator('.hero-actions').getByRole('link', { name: 'Unlock Now' }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Unlock Premium Hero' })).toBeVisible();
        await page.getByRole('button', { name: 'Cancel' }).click();
        await expect(page).toHaveURL(new RegExp(`/hero/${heroId}$`));
      });
    }
  });

  test.describe('nothing to buy', () => {
    test.use({ expectedConsoleErrors: [/status of 40[49]/] });

    test('a premium hero: Already Unlocked with the way to its page, also when only the server knows', async ({
      page,
    }) => {
      const account = await signUp(page, 'premium-checkout');
      const heroId = await premiumHero(page, account, 'Elowen Brightmoor', '1992-06-21');

      await page.goto(`/checkout/${heroId}`);
      await expectNothingToBuy(page, 'Already Unlocked', 'This hero is already premium');
      await page.getByRole('link', { name: 'Go to Hero Page' }).click();
      await expect(page).toHaveURL(new RegExp(`/hero/${heroId}$`));
      await expect(page.getByText('Premium hero')).toBeVisible();

      // The page's copy of the hero still says unpaid (paid in another tab): the server refuses the
      // payment with 409, and the page says the same instead of a form with Try Again.
      await page.route(
        (url) => url.pathname === `/api/heroes/${heroId}`,
        async (route) => {
          const response = await route.fetch();
          const hero = (await response.json()) as Record<string, unknown>;
          await route.fulfill({ response, json: { ...hero, paymentStatus: 'unpaid' } });
        },
      );
      await page.goto(`/checkout/${heroId}`);
      await expectNothingToBuy(page, 'Already Unlocked', 'This hero is already premium');
    });

    test('an unknown, malformed or foreign hero: Hero not found with the way to My Heroes', async ({
      page,
    }) => {
      const owner = await signUpViaApi(page, 'hero-owner');
      const foreignHero = await createHero(page, owner, 'Thane Coldwater', '1988-12-02');
      await signUp(page, 'not-owner');

      for (const id of [randomUUID().replace(/-/g, ''), 'not-a-hero', foreignHero]) {
        await page.goto(`/checkout/${id}`);
        await expectNothingToBuy(page, 'Hero not found', 'This hero is not among your heroes');
        await expect(page.getByText('Failed to initialize payment')).toHaveCount(0);
      }
      await page.locator('.checkout-card').getByRole('link', { name: 'My Heroes' }).click();
      await expect(page).toHaveURL(/\/heroes$/);
    });

    test('chapters before the storybook exists: the server’s reason and the way back to the hero', async ({
      page,
    }) => {
      const account = await signUp(page, 'no-storybook');
      const heroId = await createHero(page, account, 'Isolde Fernhallow', '1996-03-09');
      await page.goto(`/checkout/${heroId}?type=chapters&amount=499`);
      await expectNothingToBuy(page, 'No Chapters to Unlock', "This hero's storybook is not ready yet");
      await page.getByRole('link', { name: 'Go to Hero Page' }).click();
      await expect(page).toHaveURL(new RegExp(`/hero/${heroId}$`));
    });
  });

  test.describe('a payment that cannot be started', () => {
    test.use({ expectedConsoleErrors: [/status of 500/] });

    test('still says Failed to initialize payment when Pay opens it, and the next Pay opens it', async ({
      page,
    }) => {
      const account = await signUp(page, 'init-failed');
      const heroId = await createHero(page, account, 'Bram Hollowell', '1975-10-30');
      await page.route('**/api/create-payment-intent', (route) =>
        route.fulfill({ status: 500, json: { status: 500, error: 'Internal server error' } }),
      );
      // The payment is opened by Pay, not by the visit: the page shows its price and form first.
      const pay = await openPremiumCheckout(page, heroId);
      await expect(page.getByTestId('checkout-amount')).toHaveText('$3.99');
      await fillCard(page, '4242 4242 4242 4242');
      await pay.click();
      await expect(
        page.getByRole('alert').filter({ hasText: 'Failed to initialize payment. Please try again later.' }),
      ).toBeVisible();
      await page.unroute('**/api/create-payment-intent');
      await pay.click();
      await expect(page).toHaveURL(new RegExp(`/hero/${heroId}$`), { timeout: 20_000 });
    });
  });

  test.describe('three declined cards', () => {
    test.use({ expectedConsoleErrors: [/status of 402/] });

    test('cancel the payment with a clear message; the next try pays with a new payment', async ({
      page,
    }) => {
      const account = await signUp(page, 'declines');
      const heroId = await generatedHero(page, account, 'Mirela Thornvale', '1979-02-14');
      const pay = await openPremiumCheckout(page, heroId);
      for (const number of ['4000 0000 0000 0002', '4000 0000 0000 9995']) {
        await fillCard(page, number);
        await pay.click();
        await expect(page.getByRole('alert').first()).toContainText(
          /Your card (was declined|has insufficient funds)\./,
        );
        await expect(pay).toBeEnabled();
      }
      await fillCard(page, '4000 0000 0000 0002');
      await pay.click();
      await expect(
        page.getByRole('alert').filter({
          hasText:
            'Your card was declined. This payment was cancelled after too many declined cards. Please start a new payment to try again.',
        }),
      ).toBeVisible();

      // The page has prepared a new payment: a good card now pays.
      await expect(pay).toBeEnabled();
      await fillCard(page, '4242 4242 4242 4242');
      await pay.click();
      await expect(page).toHaveURL(new RegExp(`/hero/${heroId}$`), { timeout: 20_000 });
      expect(await heroPaymentStatus(page, account, heroId)).toBe('paid');
      // Premium is bought once: a new payment for the hero is refused.
      const again = await page.request.post('/api/create-payment-intent', {
        headers: account.headers,
        data: { heroId, paymentType: 'premium_upgrade' },
      });
      expect(again.status()).toBe(409);
    });
  });

  test.describe('the AI quota is exceeded', () => {
    test.use({ expectedConsoleErrors: [/status of 429/] });

    test('replaces the form with the AI Service Temporarily Unavailable block', async ({ page }) => {
      const account = await signUp(page, 'quota');
      const heroId = randomUUID().replace(/-/g, '');
      const created = await page.request.post('/api/heroes', {
        headers: account.headers,
        data: { heroName: 'Quiet Star', birthdate: '1990-01-01', heroId, userId: account.userId },
      });
      expect(created.status()).toBe(201);

      // The real flag lives in the e2e server's Redis and would stop every other worker's hero
      // generation while it is up, so the server's 429 answer is replayed here instead.
      const message = 'OpenAI API quota exceeded. Please try again later or contact support.';
      await page.route('**/api/status/openai-quota', (route) =>
        route.fulfill({
          status: 429,
          contentType: 'application/json',
          body: JSON.stringify({
            isQuotaExceeded: true,
            errorType: 'quota_exceeded',
            message,
            error: message,
          }),
        }),
      );
      await page.goto(`/checkout/${heroId}`);
      await expect(page.getByRole('heading', { name: 'AI Service Temporarily Unavailable' })).toBeVisible();
      await expect(page.getByText(message)).toBeVisible();
      await expect(page.getByLabel('Card Number')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Upgrade to Premium' })).toHaveCount(0);
    });
  });
});
