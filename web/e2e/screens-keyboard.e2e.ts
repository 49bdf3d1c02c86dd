import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { chooseDate, expect, signInWith } from './fixtures';
import { contrast, controlsWithoutVisibleFocus, focusRing, over, parseColor } from './support/focus';
import { horizontalOverflow } from './support/screen-checks';
import { test, type SignedIn, type World, type WorldOnce } from './support/screen-world';

/**
 * Screens people reach by a wrong address and by keyboard: a hero or room that does not exist (or is
 * not theirs) shows the 404 look, not a retry; the wizard keeps the keyboard where the step is; every
 * control shows where the focus is, at a desktop and a phone size; the chapter tabs and the profile's
 * forms fit the screen they are on.
 */

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const h1 = (page: Page, name?: string | RegExp) => page.getByRole('heading', { level: 1, name });

async function openAs(page: Page, who: SignedIn, path: string): Promise<void> {
  await signInWith(page, who.session);
  await page.goto(path);
}

/** The 404 look: its heading, a way home, and no retry. */
async function expectNotFound(page: Page): Promise<void> {
  await expect(h1(page, 'Lost in the Cosmic Void')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('main').getByRole('link', { name: 'Return Home' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try Again' })).toHaveCount(0);
}

test.describe('an address that names nothing of yours', () => {
  // The API's 404 answers are logged by the browser as failed loads.
  test.use({ expectedConsoleErrors: [/the server responded with a status of 404/] });

  test('an unknown hero id shows the 404 page, with a way home', async ({ page, world }) => {
    const { owner } = await world();
    await openAs(page, owner, `/hero/${randomUUID().replace(/-/g, '')}`);
    await expectNotFound(page);
    await page.getByRole('main').getByRole('link', { name: 'Return Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("someone else's hero shows the 404 page", async ({ page, world }) => {
    const { newcomer, unpaidHeroId } = await world();
    await openAs(page, newcomer, `/hero/${unpaidHeroId}`);
    await expectNotFound(page);
  });

  test('an unknown room shows the 404 page, with and without a hero chosen', async ({ page, world }) => {
    const { owner, premiumHeroId } = await world();
    await openAs(page, owner, `/shared-story/${randomUUID()}?heroId=${premiumHeroId}`);
    await expectNotFound(page);
    await page.goto(`/shared-story/${randomUUID()}`);
    await expectNotFound(page);
  });
});

test.describe('a failure that is not a 404', () => {
  test.use({ expectedConsoleErrors: [/the server responded with a status of 50\d/] });

  test('a server failure loading a hero still offers Try Again', async ({ page, world }) => {
    const { owner, unpaidHeroId } = await world();
    await page.route(
      (url) => url.pathname === `/api/heroes/${unpaidHeroId}`,
      (route) =>
        route.fulfill({ status: 503, json: { error: 'unavailable', message: 'Down for a moment.' } }),
    );
    await openAs(page, owner, `/hero/${unpaidHeroId}`);
    await expect(h1(page, 'Error Loading Hero')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
  });
});

test.describe('the create wizard by keyboard', () => {
  test('Tab reaches Day before Month and Year; a day chosen first is clamped to the month', async ({
    page,
    world,
  }) => {
    const { newcomer } = await world();
    await openAs(page, newcomer, '/create');
    const month = page.getByLabel('Month');
    const day = page.getByLabel('Day');
    await expect(month).toBeVisible({ timeout: 20_000 });
    await month.focus();
    await page.keyboard.press('Tab');
    await expect(day).toBeFocused();
    await expect(day).toBeEnabled();
    await day.selectOption('31');
    await month.selectOption({ label: 'April' });
    await expect(day).toHaveValue('30');
    await page.getByLabel('Year').selectOption('1990');
    await expect(day).toHaveValue('30');
  });

  test('Next moves the focus to the new step’s heading; step 2 names each trait once', async ({
    page,
    world,
  }) => {
    const { newcomer } = await world();
    await openAs(page, newcomer, '/create');
    await expect(page.getByLabel('Month')).toBeVisible({ timeout: 20_000 });
    await chooseDate(page, 'March', '25', '1990');
    await page.getByRole('button', { name: 'Next' }).press('Enter');
    const step2 = page.getByRole('heading', { name: 'Name Your Cosmic Hero' });
    await expect(step2).toBeFocused();
    // Aries and the Horse are both "Energetic": named once, still four traits.
    await expect(page.locator('.zodiac-influence__traits')).toHaveText(
      'Courageous · Energetic · Free-spirited · Warm',
    );
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Hero Name')).toBeFocused();
    await page.keyboard.type('Lyra Emberwind');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Preview Your Hero' })).toBeFocused();
    await page.getByRole('button', { name: 'Back' }).press('Enter');
    await expect(step2).toBeFocused();
  });
});

test.describe('the gold primary button’s focus ring', () => {
  for (const viewport of VIEWPORTS) {
    test(`stands out from the button and from the page (${viewport.name})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/login');
      const submit = page.getByRole('main').getByRole('button', { name: 'Sign In' });
      await expect(submit).toBeVisible();
      // Keyboard focus (Tab from the field before it), so :focus-visible applies.
      await page.getByRole('main').getByLabel('Password').focus();
      for (let i = 0; i < 5 && !(await submit.evaluate((el) => el === document.activeElement)); i++) {
        await page.keyboard.press('Tab');
      }
      await expect(submit).toBeFocused();
      const ring = await focusRing(submit);
      expect(ring.layers.length, 'a focused primary button draws a ring').toBeGreaterThan(0);
      const pageBg = parseColor(
        await page.evaluate(() => getComputedStyle(document.body).backgroundColor || 'rgb(10, 7, 24)'),
      );
      const opaquePage = pageBg[3] === 0 ? parseColor('rgb(10, 7, 24)') : pageBg;
      const fills = ring.fills.map((fill) => over(parseColor(fill), opaquePage));
      const inner = over(parseColor(ring.layers[0]!), fills[0]!);
      const outer = over(parseColor(ring.layers.at(-1)!), opaquePage);
      for (const fill of fills) {
        expect(contrast(inner, fill), 'ring against the gold button').toBeGreaterThanOrEqual(3);
      }
      expect(contrast(outer, opaquePage), 'ring against the page').toBeGreaterThanOrEqual(3);
    });
  }
});

interface Screen {
  name: string;
  open: (page: Page, world: WorldOnce) => Promise<void>;
}

const publicScreen = (name: string, path: string, heading: string): Screen => ({
  name,
  open: async (page) => {
    await page.goto(path);
    await expect(h1(page, heading)).toBeVisible();
  },
});

const ownerScreen = (
  name: string,
  path: (w: World) => string,
  ready: (page: Page) => ReturnType<Page['locator']>,
): Screen => ({
  name,
  open: async (page, world) => {
    const made = await world();
    await openAs(page, made.owner, path(made));
    await expect(ready(page)).toBeVisible({ timeout: 20_000 });
  },
});

const SCREENS: Screen[] = [
  publicScreen('landing', '/', 'Your Personalized Fantasy Story'),
  publicScreen('sign in', '/login', 'Sign In'),
  publicScreen('register', '/register', 'Create Your Account'),
  {
    name: 'wizard',
    open: async (page, world) => {
      await openAs(page, (await world()).newcomer, '/create');
      await expect(page.getByLabel('Month')).toBeVisible({ timeout: 20_000 });
    },
  },
  ownerScreen(
    'heroes list',
    () => '/heroes',
    (p) => h1(p, /Heroes/),
  ),
  ownerScreen(
    'hero page',
    (w) => `/hero/${w.unpaidHeroId}`,
    (p) => h1(p, 'Selene Quillfire'),
  ),
  ownerScreen(
    'storybook',
    (w) => `/hero/${w.premiumHeroId}`,
    (p) => p.getByRole('region', { name: 'Storybook' }).locator('.chapter-text'),
  ),
  ownerScreen(
    'checkout',
    (w) => `/checkout/${w.unpaidHeroId}`,
    (p) => h1(p, 'Unlock Premium Hero'),
  ),
  ownerScreen(
    'profile',
    () => '/profile',
    (p) => h1(p, 'Your Profile'),
  ),
  ownerScreen(
    'lobby',
    (w) => `/shared-story?heroId=${w.premiumHeroId}`,
    (p) => h1(p, 'Shared Stories'),
  ),
  ownerScreen(
    'room',
    (w) => `/shared-story/${w.roomId}`,
    (p) => p.getByLabel('Your message'),
  ),
];

test.describe('every control shows the focus', () => {
  for (const viewport of VIEWPORTS) {
    for (const screen of SCREENS) {
      test(`${screen.name} (${viewport.name})`, async ({ page, world }) => {
        await page.setViewportSize(viewport);
        await screen.open(page, world);
        expect(
          await controlsWithoutVisibleFocus(page),
          'focused controls without a visible indicator',
        ).toEqual([]);
      });
    }
  }
});

test.describe('the chapters panel', () => {
  test('on a phone the ten chapter tabs stay one row that scrolls, not five', async ({ page, world }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { owner, premiumHeroId } = await world();
    await openAs(page, owner, `/hero/${premiumHeroId}`);
    const tabs = page.getByRole('region', { name: 'Storybook' }).getByRole('tab');
    await expect(tabs).toHaveCount(10, { timeout: 20_000 });
    const tops = await tabs.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size, `tab rows (tops ${tops.join(', ')})`).toBe(1);
    expect(await horizontalOverflow(page)).toEqual([]);
    // The row scrolls: the last tab can be brought into view.
    const last = tabs.last();
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport();
  });

  test('on a desktop Listen starts where the chapter’s lines start', async ({ page, world }) => {
    const { owner, premiumHeroId } = await world();
    await openAs(page, owner, `/hero/${premiumHeroId}`);
    const panel = page.getByRole('region', { name: 'Storybook' });
    const text = panel.getByTestId('chapter-text');
    const listen = panel.getByRole('button', { name: 'Listen' });
    await expect(listen).toBeVisible({ timeout: 20_000 });
    const [textBox, listenBox] = [await text.boundingBox(), await listen.boundingBox()];
    expect(Math.abs(listenBox!.x - textBox!.x), 'Listen against the text column’s start').toBeLessThanOrEqual(
      2,
    );
    expect(listenBox!.x + listenBox!.width).toBeLessThanOrEqual(textBox!.x + textBox!.width);
  });
});

test.describe('the profile', () => {
  for (const viewport of VIEWPORTS) {
    test(`the account forms use the page's width and it says Sign Out (${viewport.name})`, async ({
      page,
      world,
    }) => {
      await page.setViewportSize(viewport);
      const { owner } = await world();
      await openAs(page, owner, '/profile');
      const main = page.getByRole('main');
      await expect(main.getByRole('button', { name: 'Sign Out', exact: true })).toBeVisible({
        timeout: 20_000,
      });
      await expect(main.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
      const content = (await main.locator('.profile-card').boundingBox())!;
      const name = (await main.getByRole('region', { name: 'Display name', exact: true }).boundingBox())!;
      const password = (await main.getByRole('region', { name: 'Password', exact: true }).boundingBox())!;
      // The settings reach the right edge of the content (no empty half beside them).
      const right = Math.max(name.x + name.width, password.x + password.width);
      expect(right, 'the settings reach the content’s right edge').toBeGreaterThanOrEqual(
        content.x + content.width - 2,
      );
      if (viewport.name === 'desktop') {
        // Two abreast, each a comfortable form width.
        expect(Math.abs(name.y - password.y)).toBeLessThanOrEqual(2);
        expect(password.width).toBeGreaterThanOrEqual(400);
      }
      expect(await horizontalOverflow(page)).toEqual([]);
    });
  }
});
