import { expect, loginViaUi, newUser, registerViaApi, registerViaUi, storedSession, test } from './fixtures';

test.describe('register, sign out and sign back in', () => {
  test('a new user registers, signs out, is stopped at /profile and returns there after login', async ({
    page,
  }) => {
    const user = newUser('journey');
    await registerViaUi(page, user);

    // Registration signs in and opens the wizard; the signed-in navigation shows the name.
    await expect(page).toHaveURL(/\/create$/);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: user.name })).toBeVisible();
    for (const label of ['My Heroes', 'Create Hero', 'Shared Story', 'Profile']) {
      await expect(
        header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }),
      ).toBeVisible();
    }
    const session = await storedSession(page);
    expect(session.token).toBeTruthy();
    expect(JSON.parse(session.user ?? '{}')).toMatchObject({ name: user.name, email: user.email });

    // Sign out: home, info notification for 3 s, both keys gone.
    await page.goto('/blog');
    await header.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    const toast = page.getByRole('status').filter({ hasText: 'Logged Out' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(`Goodbye, ${user.name}. Your cosmic journey awaits your return!`);
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect(await storedSession(page)).toEqual({ token: null, user: null });
    await expect(toast).toBeHidden({ timeout: 6000 });

    // A guarded page sends the visitor to /login, and login brings them back.
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    await loginViaUi(page, user.email, user.password);
    // The greeting first: it closes by itself after a few seconds, however long the profile takes to load.
    await expect(page.getByRole('status').filter({ hasText: 'Welcome Back!' })).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Profile' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main).toContainText(user.name);
    await expect(main).toContainText(user.email);

    // Sign Out on the profile page ends on the home page, not on /login.
    await main.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your Personalized Fantasy Story' }),
    ).toBeVisible();
  });

  test('a signed-in user opening /login or /register is sent on at once', async ({ page }) => {
    const user = newUser('already');
    await registerViaUi(page, user);
    await expect(page).toHaveURL(/\/create$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    // /register sends a signed-in person to the wizard: the landing's call to action still reads
    // /register when it is clicked before the app has taken over the prerendered page.
    await page.goto('/register');
    await expect(page).toHaveURL(/\/create$/);
  });
});

test.describe('login errors', () => {
  test.use({ expectedConsoleErrors: [/status of 401/] });

  test('a wrong password shows its message and keeps the user signed out', async ({ page }) => {
    const user = newUser('wrongpw');
    await registerViaApi(page, user);
    await page.goto('/login');
    await loginViaUi(page, user.email, 'not-the-right-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please try again.');
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedSession(page)).toEqual({ token: null, user: null });
  });
});

test.describe('form validation', () => {
  test('empty fields show "Please fill in all fields" without calling the server', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/')) calls.push(request.url());
    });

    await page.goto('/login');
    await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all fields');
    await page.locator('form').getByLabel('Email').fill('someone@starborn.test');
    await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all fields');

    await page.getByRole('main').getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/register$/);
    const form = page.locator('form');
    await form.getByLabel('Full Name').fill('Orion');
    await form.getByLabel('Email').fill('orion@starborn.test');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all fields');
    expect(calls).toEqual([]);
  });

  test('a malformed email is refused in the browser with its message, and nothing is sent', async ({
    page,
  }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/')) calls.push(request.url());
    });

    await page.goto('/register');
    const register = page.locator('form');
    await register.getByLabel('Full Name').fill('Orion');
    await register.getByLabel('Email').fill('orion@starborn');
    await register.getByLabel('Password', { exact: true }).fill('stardust42');
    await register.getByLabel('Confirm Password').fill('stardust42');
    await register.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address');
    await expect(register.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/register$/);

    await page.goto('/login');
    const login = page.locator('form');
    await login.getByLabel('Email').fill('orion at starborn.test');
    await login.getByLabel('Password').fill('stardust42');
    await login.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address');
    await expect(login.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  test('mismatched passwords show "Passwords do not match"', async ({ page }) => {
    const user = newUser('mismatch');
    await registerViaUi(page, user, `${user.password}-typo`);
    await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
    await expect(page).toHaveURL(/\/register$/);
    expect(await storedSession(page)).toEqual({ token: null, user: null });
  });

  test('the register email input uses the browser email type and the forms link to each other', async ({
    page,
  }) => {
    await page.goto('/register');
    await expect(page.locator('form').getByLabel('Email')).toHaveAttribute('type', 'email');
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  });
});

test.describe('register errors', () => {
  test.use({ expectedConsoleErrors: [/status of 409/] });

  test('an address already registered shows the server message', async ({ page }) => {
    const user = newUser('taken');
    await registerViaApi(page, user);
    await registerViaUi(page, { ...user, name: 'Second Comer' });
    await expect(page.getByRole('alert')).toHaveText('Email already exists');
    await expect(page).toHaveURL(/\/register$/);
  });
});

test.describe('stored session', () => {
  test('a corrupt stored user clears both keys', async ({ page }) => {
    await page.goto('/');
    for (const corrupt of ['{not json', JSON.stringify({ name: 'No Id Or Email' }), '"just a string"']) {
      await page.evaluate((value) => {
        localStorage.setItem('authToken', 'some-token');
        localStorage.setItem('user', value);
      }, corrupt);
      await page.reload();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
      // The prerendered page shows Sign In before the app runs; the app clears the keys as it starts.
      await expect.poll(() => storedSession(page)).toEqual({ token: null, user: null });
    }
  });

  test('a stored session is restored on load', async ({ page }) => {
    const user = newUser('restore', 'Vega Moonrise');
    await registerViaUi(page, user);
    await expect(page).toHaveURL(/\/create$/);
    await page.reload();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Vega Moonrise' })).toBeVisible();
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Profile' })).toBeVisible();
  });
});

test.describe('token validation on start-up', () => {
  test.use({ expectedConsoleErrors: [/status of 401/] });

  test('a token the server rejects signs the user out', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('authToken', 'expired-or-forged-token');
      localStorage.setItem(
        'user',
        JSON.stringify({ id: 'u-1', name: 'Ghost', email: 'ghost@starborn.test' }),
      );
    });
    const validation = page.waitForResponse((r) => r.url().endsWith('/api/user'));
    await page.reload();
    expect((await validation).status()).toBe(401);
    // The app clears the keys once it has read the 401, a moment after the response arrives; the
    // prerendered page shows Sign In from the start, so the header is checked once the app has acted.
    await expect.poll(() => storedSession(page)).toEqual({ token: null, user: null });
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Ghost' })).toHaveCount(0);
  });
});
