/**
 * An invitation to a story room survives every way into the room: signing in, registering, making a
 * first hero (and a reload in the middle of the wizard), and upgrading a free hero. Each journey ends
 * inside the invite-only room, never on "This room is invite-only…" or the landing page.
 */
import type { Page } from '@playwright/test';
import {
  chooseDate,
  expect,
  generatedHero,
  loginViaUi,
  newUser,
  PASSWORD,
  signInWith,
  signUpViaApi,
  test,
  type TestUser,
} from './fixtures';
import { fillCard } from './support/checkout';
import { inviteOnlyRoom, type InviteOnlyRoom } from './support/invites';
import { seriousAxeViolations } from './support/screen-checks';

const INVITED = 'You are invited to a shared story room.';
const DRAFT_KEY = 'heroWizardDraft';

/** One host room per worker: the journeys only need an invite-only room to be invited to. */
let sharedRoom: Promise<InviteOnlyRoom> | undefined;
function room(page: Page): Promise<InviteOnlyRoom> {
  sharedRoom ??= inviteOnlyRoom(page, 'invite-host', 'Orion Vale');
  return sharedRoom;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The room has let the hero in, with the given role. */
async function expectInRoom(
  page: Page,
  target: InviteOnlyRoom,
  role: 'Spectating Hero' | 'Participating Hero',
) {
  await expect(page.getByTestId('role-badge')).toHaveText(role, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: target.title })).toBeVisible();
  await expect(page.getByText('This room is invite-only. Ask its host for an invite link.')).toHaveCount(0);
}

/** The three wizard steps, then Generate; answers the new hero's id once its page is open. */
async function makeHeroInWizard(page: Page, name: string): Promise<string> {
  await expect(page.getByRole('heading', { level: 1, name: 'Create Your Cosmic Hero' })).toBeVisible();
  await chooseDate(page, 'July', '14', '1992');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Hero Name').fill(name);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Generate My Hero' }).click();
  await expect(page).toHaveURL(/\/hero\/[0-9a-f]{32}$/);
  return page.url().split('/').pop()!;
}

/** Once the hero is made, its page leads back into the room, invite token and all. */
async function backToRoom(page: Page, target: InviteOnlyRoom, heroId: string) {
  const back = page.getByTestId('room-return');
  await expect(back).toBeVisible({ timeout: 120_000 });
  const link = back.getByRole('link', { name: 'Back to the room' });
  await expect(link).toHaveAttribute(
    'href',
    `/shared-story/${target.roomId}?heroId=${heroId}&invite=${target.token}`,
  );
  await link.click();
}

async function fillRegisterForm(page: Page, user: TestUser) {
  const form = page.locator('form');
  await form.getByLabel('Full Name').fill(user.name);
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password', { exact: true }).fill(user.password);
  await form.getByLabel('Confirm Password').fill(user.password);
  await form.getByRole('button', { name: 'Create Account' }).click();
}

test.describe('an invitation kept through every way into the room', () => {
  test.setTimeout(240_000);

  test('signed out: the sign-in page names the invitation and signing in enters the room', async ({
    page,
  }) => {
    const target = await room(page);
    const guest = await signUpViaApi(page, 'invite-signin', 'Vega Nightbloom');
    await generatedHero(page, guest, 'Nyx Ember', '1995-06-02');

    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(target.invitePath);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByTestId('auth-notice')).toHaveText(new RegExp(`^${escape(INVITED)}`));
      await expect(page.getByTestId('auth-notice')).toBeInViewport();
      expect(await seriousAxeViolations(page, 'main')).toEqual([]);
    }
    // A plain visit to the sign-in page says nothing of an invitation. (Going to /login from /login
    // would be a reload, which keeps the history entry's state, invitation included.)
    await page.goto('/');
    await page.goto('/login');
    await expect(page.getByTestId('auth-notice')).toHaveCount(0);

    await page.goto(target.invitePath);
    await loginViaUi(page, guest.email, PASSWORD);
    await expect(page).toHaveURL(`${target.invitePath}`);
    await expectInRoom(page, target, 'Spectating Hero');
  });

  test('signed out: Create an account keeps the invitation; register, make a hero, back in the room', async ({
    page,
  }) => {
    const target = await room(page);
    await page.goto(target.invitePath);
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByTestId('auth-notice')).toHaveText(new RegExp(`^${escape(INVITED)}`));
    // Sign in and back again: the invitation is still carried.
    await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page.getByTestId('auth-notice')).toBeVisible();
    await page.getByRole('link', { name: 'Create an account' }).click();

    await fillRegisterForm(page, newUser('invite-register', 'Mira Quill'));
    await expect(page).toHaveURL(target.invitePath);
    await expect(page.getByRole('heading', { level: 1, name: 'Create a Hero to Join' })).toBeVisible({
      timeout: 20_000,
    });
    await page.getByRole('link', { name: 'Create Your Hero' }).click();
    const heroId = await makeHeroInWizard(page, 'Mira Quill');
    await backToRoom(page, target, heroId);
    await expectInRoom(page, target, 'Spectating Hero');
  });

  test('signed in without a hero: the wizard (through a reload) and generation lead back into the room', async ({
    page,
  }) => {
    const target = await room(page);
    const guest = await signUpViaApi(page, 'invite-nohero', 'Lyra Dawnquill');
    await signInWith(page, guest.session);
    await page.goto(target.invitePath);
    await expect(page.getByRole('heading', { level: 1, name: 'Create a Hero to Join' })).toBeVisible({
      timeout: 20_000,
    });
    await page.getByRole('link', { name: 'Create Your Hero' }).click();
    await expect(page).toHaveURL(/\/create$/);
    await chooseDate(page, 'July', '14', '1992');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Hero Name').fill('Lyra Dawnquill');
    // A reload in the middle keeps the step and the name.
    await page.reload();
    await expect(page.getByLabel('Hero Name')).toHaveValue('Lyra Dawnquill');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Preview Your Hero' })).toBeVisible();
    await page.getByRole('button', { name: 'Generate My Hero' }).click();
    await expect(page).toHaveURL(/\/hero\/[0-9a-f]{32}$/);
    const heroId = page.url().split('/').pop()!;
    // The hero is made: the draft is gone.
    expect(await page.evaluate((key) => sessionStorage.getItem(key), DRAFT_KEY)).toBeNull();

    await backToRoom(page, target, heroId);
    await expect(page).toHaveURL(`/shared-story/${target.roomId}?heroId=${heroId}&invite=${target.token}`);
    await expectInRoom(page, target, 'Spectating Hero');
  });

  test('a free hero upgrades with the test card and comes back into the room taking part', async ({
    page,
  }) => {
    const target = await room(page);
    const guest = await signUpViaApi(page, 'invite-upgrade', 'Cassia Nightbloom');
    const heroId = await generatedHero(page, guest, 'Cassia Nightbloom', '1992-11-11');
    await signInWith(page, guest.session);
    await page.goto(target.invitePath);
    await expectInRoom(page, target, 'Spectating Hero');

    await page.getByRole('link', { name: 'Upgrade to Premium' }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/${heroId}$`));
    const pay = page.getByRole('button', { name: 'Upgrade to Premium' });
    await expect(pay).toBeEnabled({ timeout: 30_000 });
    await fillCard(page, '4242424242424242');
    await pay.click();
    await expect(page).toHaveURL(new RegExp(`/hero/${heroId}`), { timeout: 20_000 });

    await expect(page.getByTestId('room-return')).toContainText('ready to take part', { timeout: 20_000 });
    await backToRoom(page, target, heroId);
    await expectInRoom(page, target, 'Participating Hero');
  });
});

test.describe('the hero journey from the landing page', () => {
  test('Start Your Hero Journey leads a visitor to register, and registering opens the wizard', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Your Hero Journey' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByTestId('auth-notice')).toHaveCount(0);
    await fillRegisterForm(page, newUser('journey-start', 'Altair Brightwing'));
    await expect(page).toHaveURL(/\/create$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create Your Cosmic Hero' })).toBeVisible();

    // Signed in, the same button opens the wizard at once.
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Your Hero Journey' }).click();
    await expect(page).toHaveURL(/\/create$/);
  });

  test('the wizard keeps its step and values through a reload, for this tab only', async ({
    page,
    browser,
  }) => {
    const account = await signUpViaApi(page, 'wizard-reload', 'Wren Hollowmere');
    await signInWith(page, account.session);
    await page.goto('/create');
    await chooseDate(page, 'March', '25', '1990');
    await page.reload();
    await expect(page.getByLabel('Month')).toHaveValue('3');
    await expect(page.getByLabel('Day')).toHaveValue('25');
    await expect(page.getByLabel('Year')).toHaveValue('1990');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Hero Name').fill('Wren Hollowmere');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Preview Your Hero' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Preview Your Hero' })).toBeVisible();
    await expect(page.locator('.hero-preview')).toContainText('Wren Hollowmere');
    await expect(page.locator('.hero-preview')).toContainText('March 25, 1990');
    await expect(page.getByRole('progressbar', { name: 'Wizard progress' })).toHaveAttribute(
      'aria-valuenow',
      '3',
    );
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Hero Name')).toHaveValue('Wren Hollowmere');

    // Another tab (its own session storage) starts afresh.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signInWith(otherPage, account.session);
    await otherPage.goto('/create');
    await expect(otherPage.getByLabel('Month')).toHaveValue('');
    await other.close();
  });
});
