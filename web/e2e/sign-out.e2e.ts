import { expect, registerViaUi, newUser, storedSession, test } from './fixtures';

test.describe('sign-out ends the session on the server', () => {
  test('the token of a signed-out browser no longer opens the API', async ({ page }) => {
    const user = newUser('signout');
    await registerViaUi(page, user);
    await expect(page).toHaveURL(/\/create$/);
    const { token } = await storedSession(page);
    expect(token).toBeTruthy();
    const me = () => page.request.get('/api/user', { headers: { authorization: `Bearer ${token}` } });
    expect((await me()).status()).toBe(200);

    const logout = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout'));
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    expect((await logout).status()).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: 'Logged Out' })).toBeVisible();
    expect(await storedSession(page)).toEqual({ token: null, user: null });
    // A copy of the token (another tab, a stolen one) is refused too.
    const refused = await me();
    expect(refused.status()).toBe(401);
  });
});
