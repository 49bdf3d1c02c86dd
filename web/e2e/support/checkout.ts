/** Steps both checkouts' tests take: open the premium checkout, fill the test card, ask the hero's status. */
import type { Locator, Page } from '@playwright/test';
import { expect, type Account, type ApiClient } from '../fixtures';

/** The hero's payment status, as the API tells its owner. */
export async function heroPaymentStatus(api: ApiClient, account: Account, heroId: string): Promise<string> {
  const response = await api.request.get(`/api/heroes/${heroId}`, { headers: account.headers });
  return ((await response.json()) as { paymentStatus: string }).paymentStatus;
}

/** Opens the premium checkout of `heroId`; answers its pay button once it can be pressed. */
export async function openPremiumCheckout(
  page: Page,
  heroId: string,
  enabled?: { timeout: number },
): Promise<Locator> {
  await page.goto(`/checkout/${heroId}`);
  const pay = page.getByRole('button', { name: 'Upgrade to Premium' });
  await expect(pay).toBeEnabled(enabled);
  return pay;
}

/** The built-in test card form (the `local` provider). */
export async function fillCard(page: Page, number: string, expiry = '12/34', cvc = '123') {
  await page.getByLabel('Card Number').fill(number);
  await page.getByLabel('Expiry Date').fill(expiry);
  await page.getByLabel('CVC').fill(cvc);
}
