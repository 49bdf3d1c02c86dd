import type { Browser, Page } from '@playwright/test';
import { expect, loginViaUi, newUser, PASSWORD, registerViaUi, storedSession, test } from './fixtures';

/** Signs the same account in on a second browser (another device), on its heroes list. */
async function secondDevice(browser: Browser, email: string, password = PASSWORD): Promise<Page> {
  const other = await (await browser.newContext()).newPage();
  await other.goto('/login');
  await loginViaUi(other, email, password);
  await expect(other).toHaveURL(/\/$/);
  await other.goto('/heroes');
  await expect(other).toHaveURL(/\/heroes$/);
  return other;
}

/** A page of a signed-out browser sends its visitor to sign in. */
async function expectSignedOut(page: Page): Promise<void> {
  await page.goto('/heroes');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
}

test.describe('account page', () => {
  test('changes the display name: the header shows it at once and after a reload', async ({ page }) => {
    const user = newUser('rename', 'Lyra Starweaver');
    await registerViaUi(page, user);
    await expect(page).toHaveURL(/\/create$/);
    await page.goto('/profile');

    const section = page.getByRole('region', { name: 'Display name' });
    const field = section.getByLabel('Display name');
    await expect(field).toHaveValue('Lyra Starweaver');

    // A blank name is refused before sending, the message tied to the field.
    await field.fill('   ');
    await section.getByRole('button', { name: 'Save Name' }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription('Please enter your name');

    await field.fill('Vega Nightsong');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/user') && r.request().method() === 'PATCH',
    );
    await section.getByRole('button', { name: 'Save Name' }).click();
    expect((await saved).status()).toBe(200);
    await expect(section.getByRole('status')).toHaveText('Your display name is saved.');
    await expect(field).not.toHaveAttribute('aria-invalid');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: /Vega Nightsong/ })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('banner').getByRole('link', { name: /Vega Nightsong/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Display name' }).getByLabel('Display name')).toHaveValue(
      'Vega Nightsong',
    );
  });

  test.describe('password', () => {
    test.use({ expectedConsoleErrors: [/status of 400/] });

    test('changes the password: another browser is signed out, this one stays, the new password signs in', async ({
      page,
      browser,
    }) => {
      const user = newUser('password');
      await registerViaUi(page, user);
      await expect(page).toHaveURL(/\/create$/);
      const other = await secondDevice(browser, user.email);
      const newPassword = 'Nebula-Crossing-77';

      await page.goto('/profile');
      const section = page.getByRole('region', { name: 'Password' });
      const current = section.getByLabel('Current password');
      const submit = section.getByRole('button', { name: 'Change Password' });

      // The confirmation must match, before anything is sent.
      await current.fill(PASSWORD);
      await section.getByLabel('New password', { exact: true }).fill(newPassword);
      await section.getByLabel('Confirm new password').fill('something-else');
      await submit.click();
      await expect(section.getByLabel('Confirm new password')).toHaveAccessibleDescription(
        'Passwords do not match',
      );

      // A wrong current password: the server's answer sits under that field, nobody is signed out.
      await current.fill('not-my-password');
      await section.getByLabel('Confirm new password').fill(newPassword);
      await submit.click();
      await expect(current).toHaveAccessibleDescription('Your current password is incorrect.');
      await expect(current).toHaveAttribute('aria-invalid', 'true');

      await current.fill(PASSWORD);
      const changed = page.waitForResponse((r) => r.url().endsWith('/api/user/password'));
      await submit.click();
      expect((await changed).status()).toBe(200);
      await expect(section.getByRole('status')).toHaveText(
        'Your password is changed. Every other device has been signed out.',
      );
      await expect(current).toHaveValue('');

      // This browser carries on with its fresh token, after a reload too.
      const { token } = await storedSession(page);
      expect(
        (await page.request.get('/api/user', { headers: { authorization: `Bearer ${token}` } })).status(),
      ).toBe(200);
      await page.goto('/heroes');
      await expect(page).toHaveURL(/\/heroes$/);

      // The other browser is signed out, and signs in with the new password only.
      await expectSignedOut(other);
      await loginViaUi(other, user.email, PASSWORD);
      await expect(other.getByRole('alert')).toContainText('Invalid email or password');
      await loginViaUi(other, user.email, newPassword);
      await expect(other).toHaveURL(/\/heroes$/);
      await other.context().close();
    });
  });

  test('signs out everywhere after a confirmation: this browser and every other', async ({
    page,
    browser,
  }) => {
    const user = newUser('everywhere');
    await registerViaUi(page, user);
    await expect(page).toHaveURL(/\/create$/);
    const other = await secondDevice(browser, user.email);

    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Sessions' });
    await section.getByRole('button', { name: 'Sign Out Everywhere' }).click();
    // Nothing happens before the question is answered; Cancel takes it back.
    await expect(
      section.getByRole('group', { name: 'Sign out on every device, this one included?' }),
    ).toBeVisible();
    await expect(section.getByRole('button', { name: 'Yes, Sign Out Everywhere' })).toBeFocused();
    await section.getByRole('button', { name: 'Cancel' }).click();
    await expect(section.getByRole('group')).toHaveCount(0);

    await section.getByRole('button', { name: 'Sign Out Everywhere' }).click();
    const signedOut = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout-all'));
    await section.getByRole('button', { name: 'Yes, Sign Out Everywhere' }).click();
    expect((await signedOut).status()).toBe(200);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('status').filter({ hasText: 'Logged Out' })).toBeVisible();
    expect(await storedSession(page)).toEqual({ token: null, user: null });

    await expectSignedOut(other);
    await other.context().close();
  });
});
