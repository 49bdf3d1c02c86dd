import { expect, generatedHero, loginViaUi, PASSWORD, signUp, storedSession, test } from './fixtures';

test.describe('delete account', () => {
  test.use({ expectedConsoleErrors: [/status of (400|401)/] });

  test('explains what goes and what stays, asks for the password and a confirmation, then signs out and deletes everything', async ({
    page,
  }) => {
    const account = await signUp(page, 'delete-account', 'Lyra Departing');
    const heroId = await generatedHero(page, account, 'Vesper Quill', '1990-05-05');

    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Delete Account' });
    await expect(section).toContainText('cannot be undone');
    await expect(section.getByRole('list').first()).toContainText(
      'your heroes, their pictures and downloads',
    );
    await expect(section).toContainText('payment records');
    await expect(section).toContainText('a departed hero');

    // Nothing is asked without the password.
    const password = section.getByLabel('Current password');
    await section.getByRole('button', { name: 'Delete My Account' }).click();
    await expect(password).toHaveAccessibleDescription('Please enter your current password');

    // A wrong password: confirmed, refused under the field, nothing deleted.
    await password.fill('not-my-password');
    await section.getByRole('button', { name: 'Delete My Account' }).click();
    const confirmation = section.getByRole('group', { name: 'Confirm account deletion' });
    await expect(confirmation).toContainText('This cannot be undone.');
    await expect(confirmation.getByRole('button', { name: 'Yes, Delete My Account' })).toBeFocused();
    await confirmation.getByRole('button', { name: 'Yes, Delete My Account' }).click();
    await expect(password).toHaveAccessibleDescription('Your current password is incorrect.');
    await expect(page).toHaveURL(/\/profile$/);

    // Cancel leaves everything as it was.
    await password.fill(PASSWORD);
    await section.getByRole('button', { name: 'Delete My Account' }).click();
    await confirmation.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirmation).toHaveCount(0);

    await section.getByRole('button', { name: 'Delete My Account' }).click();
    const deleted = page.waitForResponse(
      (r) => r.url().endsWith('/api/user') && r.request().method() === 'DELETE',
    );
    await confirmation.getByRole('button', { name: 'Yes, Delete My Account' }).click();
    expect((await deleted).status()).toBe(200);

    // Signed out, on the home page, with a notice.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Account Deleted')).toBeVisible();
    await expect(page.getByText(/Your account and everything in it have been deleted/)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect((await storedSession(page)).token).toBeNull();

    // The old token and the old password open nothing; the hero is gone.
    const hero = await page.request.get(`/api/heroes/${heroId}`, { headers: account.headers });
    expect(hero.status()).toBe(401);
    await page.goto('/login');
    await loginViaUi(page, account.email, PASSWORD);
    await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  });
});
