import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { chooseDate, expect, newUser, registerViaUi, storedSession, test } from './fixtures';

const HERO_ID_URL = /\/hero\/([0-9a-f]{32})$/;
const LIMIT_ALERT =
  'You can only have one non-premium hero at a time. Please upgrade your existing hero to premium before creating a new one.';

/** Registers through the form (which signs in) and returns what API calls need. */
async function signUp(page: Page, tag: string) {
  const user = newUser(tag);
  await registerViaUi(page, user);
  await expect(page).toHaveURL(/\/create$/);
  const session = await storedSession(page);
  const token = session.token ?? '';
  const userId = (JSON.parse(session.user ?? '{}') as { id: string }).id;
  return { user, token, userId, headers: { Authorization: `Bearer ${token}` } };
}

test.describe('landing page', () => {
  test('shows the headline, three steps, three example heroes and two ways to /create', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your Personalized Fantasy Story' }),
    ).toBeVisible();
    const main = page.getByRole('main');
    // A visitor's journey starts with an account (registering then opens the wizard).
    await expect(main.getByRole('link', { name: 'Start Your Hero Journey' })).toHaveAttribute(
      'href',
      '/register',
    );
    for (const step of ['Connect With Your Zodiac', 'Personalize Your Hero', 'AI-Powered Story Creation']) {
      await expect(main.getByRole('heading', { level: 3, name: step })).toBeVisible();
    }
    const examples = main.locator('.example-hero');
    await expect(examples).toHaveCount(3);
    for (const name of ['Aria Flameheart', 'Kaelen Tidecaller', 'Sable Nightbloom']) {
      await expect(examples.getByRole('heading', { name })).toBeVisible();
    }
    // The example portraits are real files (served as webp where supported).
    const images = examples.locator('img');
    for (let i = 0; i < 3; i += 1) {
      await images.nth(i).scrollIntoViewIfNeeded();
      await expect
        .poll(() => images.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }
    await expect(main.getByRole('link', { name: 'Create Your Hero' })).toHaveAttribute('href', '/create');
  });
});

test.describe('hero creation wizard', () => {
  test.setTimeout(150_000);

  test('validates each step, previews the signs, generates and shows the waiting screen then the hero', async ({
    page,
  }) => {
    const { token, headers } = await signUp(page, 'wizard');
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'Start Your Hero Journey' }).click();
    await expect(page).toHaveURL(/\/create$/);

    // Step 1: progress 1/3, the three labels, the date picker rules.
    const progress = page.getByRole('progressbar', { name: 'Wizard progress' });
    await expect(progress).toHaveAttribute('aria-valuenow', '1');
    await expect(progress).toHaveAttribute('aria-valuemax', '3');
    for (const label of ['Birth Date', 'Hero Name', 'Preview']) {
      await expect(page.locator('.wizard-progress__steps')).toContainText(label);
    }
    await expect(page.getByRole('heading', { name: 'When were you born?' })).toBeVisible();
    // The day can be chosen first (Tab reaches it in order): every day until the month is known.
    await expect(page.getByLabel('Day')).toBeEnabled();
    await expect(page.getByLabel('Day').locator('option:not([value=""])')).toHaveCount(31);
    const years = await page.getByLabel('Year').locator('option:not([value=""])').allTextContents();
    const thisYear = new Date().getFullYear();
    expect(years).toHaveLength(100);
    expect(years[0]).toBe(String(thisYear));
    expect(years[99]).toBe(String(thisYear - 99));
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please select your birth date');
    await page.getByLabel('Month').selectOption({ label: 'February' });
    await expect(page.getByRole('alert')).toHaveCount(0);
    // February before its year is known: up to the 29th.
    await expect(page.getByLabel('Day').locator('option:not([value=""])')).toHaveCount(29);
    await page.getByLabel('Year').selectOption('2024');
    await expect(page.getByLabel('Day')).toBeEnabled();
    await expect(page.getByLabel('Day').locator('option:not([value=""])')).toHaveCount(29);
    await page.getByLabel('Day').selectOption('29');
    await page.getByLabel('Year').selectOption('2023');
    await expect(page.getByLabel('Day')).toHaveValue('28');
    await expect(page.getByLabel('Day').locator('option:not([value=""])')).toHaveCount(28);

    await chooseDate(page, 'April', '2', '1990');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: the zodiac influence and the name rule.
    await expect(progress).toHaveAttribute('aria-valuenow', '2');
    await expect(page.getByRole('heading', { name: 'Name Your Cosmic Hero' })).toBeVisible();
    const influence = page.getByLabel('Zodiac influence');
    await expect(influence).toContainText('Aries');
    await expect(influence).toContainText('Horse');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter a name for your hero');
    await page.getByLabel('Hero Name').fill('   ');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter a name for your hero');
    await page.getByLabel('Hero Name').fill('Lyra Emberwind');
    await expect(page.getByRole('alert')).toHaveCount(0);

    // Back keeps what was chosen.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Month')).toHaveValue('4');
    await expect(page.getByLabel('Day')).toHaveValue('2');
    await expect(page.getByLabel('Year')).toHaveValue('1990');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('Hero Name')).toHaveValue('Lyra Emberwind');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: the preview.
    await expect(progress).toHaveAttribute('aria-valuenow', '3');
    await expect(page.getByRole('heading', { name: 'Preview Your Hero' })).toBeVisible();
    const preview = page.locator('.hero-preview');
    await expect(preview).toContainText('Lyra Emberwind');
    await expect(preview).toContainText('April 2, 1990');
    await expect(preview).toContainText('Aries');
    await expect(preview).toContainText('Horse');
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();

    // Hold the generate request back, so the waiting screen is certainly seen long enough for its
    // status line to change (every 3 s) however busy the machine is.
    await page.route('**/api/heroes/generate/*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 8000));
      await route.continue();
    });
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/heroes') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Generate My Hero' }).click();
    const createResponse = await created;
    expect(createResponse.status()).toBe(201);
    // The contract's answer: the hero under `hero`.
    expect(await createResponse.json()).toMatchObject({
      hero: { name: 'Lyra Emberwind', birthdate: '1990-04-02' },
    });
    expect(createResponse.request().postDataJSON()).toMatchObject({
      heroName: 'Lyra Emberwind',
      birthdate: '1990-04-02',
      heroId: expect.stringMatching(/^[0-9a-f]{32}$/),
      userId: expect.any(String),
    });
    await expect(page).toHaveURL(HERO_ID_URL);
    const heroId = HERO_ID_URL.exec(page.url())![1]!;

    // Waiting screen: title, the 30-second note, and a status line that changes after 3 s.
    await expect(page.getByRole('heading', { level: 1, name: 'Aligning the Planets' })).toBeVisible();
    await expect(page.getByText('usually takes around 30 seconds')).toBeVisible();
    const line = page.locator('.hero-waiting__line');
    const firstLine = await line.textContent();
    await expect(line).not.toHaveText(firstLine ?? '', { timeout: 4500 });

    // Main view, for an unpaid hero.
    await expect(page.getByRole('heading', { level: 1, name: 'Lyra Emberwind' })).toBeVisible({
      timeout: 120_000,
    });
    const badges = page.getByRole('list', { name: 'Zodiac signs' });
    for (const badge of ['Aries', 'Fire', 'Horse', 'Yang Metal']) {
      await expect(badges.getByText(badge, { exact: true })).toBeVisible();
    }
    await expect(page.locator('.gallery__counter')).toHaveText('1 / 3');
    const thumbs = page.locator('.gallery__thumb');
    await expect(thumbs).toHaveCount(3);
    await expect(thumbs.nth(0)).not.toHaveAttribute('data-locked', 'true');
    await expect(thumbs.nth(1)).toHaveAttribute('data-locked', 'true');
    await expect(thumbs.nth(2)).toHaveAttribute('data-locked', 'true');
    await expect(page.getByTestId('watermark')).toHaveText('UNLOCK FULL QUALITY');
    await thumbs.nth(2).click();
    await expect(page.locator('.gallery__counter')).toHaveText('1 / 3');
    const mainImage = page.locator('.gallery__image');
    await expect
      .poll(() => mainImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    for (const heading of ['Strengths', 'Weaknesses', 'Compatible with']) {
      await expect(page.getByRole('heading', { level: 3, name: heading })).toBeVisible();
    }

    // Truncated backstory with its unlock link; Unlock Now leads to checkout.
    const backstory = page.locator('.hero-backstory');
    await expect(backstory.locator('.markdown')).toContainText('...');
    await expect(backstory.getByRole('link', { name: 'Unlock Full Backstory' })).toHaveAttribute(
      'href',
      `/checkout/${heroId}?type=premium_upgrade`,
    );
    await expect(page.locator('.hero-actions').getByRole('link', { name: 'Unlock Now' })).toHaveAttribute(
      'href',
      `/checkout/${heroId}`,
    );
    await expect(page.locator('[data-slot="chapters"]')).toBeVisible();

    // The server agrees: unpaid, truncated, first image unlocked and the others locked.
    const api = await page.request.get(`/api/heroes/${heroId}`, { headers });
    expect(api.status()).toBe(200);
    const hero = (await api.json()) as {
      paymentStatus: string;
      backstory: string;
      backstoryTruncated: boolean;
      images: { url: string; locked: boolean }[];
    };
    expect(hero.paymentStatus).toBe('unpaid');
    expect(hero.backstoryTruncated).toBe(true);
    expect(hero.backstory.length).toBeLessThanOrEqual(303);
    expect(hero.images.map((i) => i.locked)).toEqual([false, true, true]);

    // An unpaid owner cannot turn a preview link into the full-quality file.
    const previewUrl = hero.images[0]!.url;
    expect(previewUrl).toContain('/preview/');
    const [path, query] = previewUrl.split('?');
    const fullUrl = `${path!.replace('/preview/', '/full/')}?${query}`;
    expect((await page.request.get(previewUrl)).status()).toBe(200);
    expect((await page.request.get(fullUrl)).status()).toBe(403);
    expect(token).toBeTruthy();
  });

  test('leaving before step 3 and coming back keeps the step and the values (for the tab)', async ({
    page,
  }) => {
    await signUp(page, 'wizard-leave');
    await page.goto('/create');
    await chooseDate(page, 'July', '14', '1985');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Hero Name').fill('Half-Forged');
    await page.getByRole('banner').getByRole('link', { name: 'My Heroes' }).click();
    await expect(page).toHaveURL(/\/heroes$/);
    await page.getByRole('banner').getByRole('link', { name: 'Create Hero' }).click();
    await expect(page.getByRole('heading', { name: 'Name Your Cosmic Hero' })).toBeVisible();
    await expect(page.getByLabel('Hero Name')).toHaveValue('Half-Forged');
  });

  test('a user with an unpaid hero is stopped up front with the alert and sent to /heroes', async ({
    page,
  }) => {
    const { headers, userId } = await signUp(page, 'wizard-limit');
    const heroId = randomUUID().replace(/-/g, '');
    const created = await page.request.post('/api/heroes', {
      headers,
      data: { heroName: 'First Light', birthdate: '1992-08-08', heroId, userId },
    });
    expect(created.status(), await created.text()).toBe(201);

    // Registering left the page on /create: come to it afresh (going there from itself is a reload).
    await page.goto('/');
    const dialog = page.waitForEvent('dialog');
    await page.goto('/create');
    const alert = await dialog;
    expect(alert.type()).toBe('alert');
    expect(alert.message()).toBe(LIMIT_ALERT);
    await alert.accept();
    await expect(page).toHaveURL(/\/heroes$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Cosmic Heroes' })).toBeVisible();
  });
});
