import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createHero, expect, generatedHero, premiumHero, signUp, test } from './fixtures';

const SPECTATOR_PLACEHOLDER = 'Only premium heroes can send messages';
const NO_ROOMS = 'No active shared stories found. Create a new one!';

/** The guard fixture watches the test's own page; a second browser context gets the same watch here. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught error: ${error.message}`));
  return problems;
}

/** Records whether the narrator typing indicator ever showed (it may be on screen only briefly). */
async function watchNarratorTyping(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __typingSeen?: boolean };
    w.__typingSeen = false;
    const seen = () => {
      if (document.querySelector('[data-testid="narrator-typing"]')) w.__typingSeen = true;
    };
    new MutationObserver(seen).observe(document.body, { childList: true, subtree: true });
  });
}

const narratorTypingSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __typingSeen?: boolean }).__typingSeen === true);

async function expectNoSeriousAxeViolation(page: Page) {
  const results = await new AxeBuilder({ page })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

const roomRow = (page: Page, roomId: string) =>
  page.locator(`[data-testid="room-row"][data-room-id="${roomId}"]`);

test.describe('shared story lobby', () => {
  test.setTimeout(120_000);
  test.use({
    expectedConsoleErrors: [/status of (404|500)/],
  });

  test('redirects without a hero; a non-premium hero sees Premium Required; empty, loading and error states', async ({
    page,
  }) => {
    const account = await signUp(page, 'lobby');

    // Spec §2: neither a hero nor a room id sends the user to /heroes.
    await page.goto('/shared-story');
    await expect(page).toHaveURL(/\/heroes$/);

    const heroId = await createHero(page, account, 'Nyx Ember', '1995-06-02');

    // The rooms list: a loading message, then the empty state.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/shared-story', async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      await held;
      await route.fulfill({ status: 200, contentType: 'application/json', body: '[]' });
    });
    await page.goto('/shared-story');
    await expect(page.getByRole('heading', { level: 1, name: 'Shared Stories' })).toBeVisible();
    await expect(page.getByText('Loading active shared stories...')).toBeVisible();
    release();
    await expect(page.getByText(NO_ROOMS)).toBeVisible();

    // The only hero is chosen: Non-Premium with an Upgrade link; creating needs premium.
    const card = page.getByTestId('selected-hero');
    await expect(card).toContainText('Nyx Ember');
    await expect(card.getByText('Non-Premium', { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', `/checkout/${heroId}`);
    const create = page.getByRole('button', { name: 'Premium Required' });
    await expect(create).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Create New Shared Story' })).toHaveCount(0);
    await expectNoSeriousAxeViolation(page);

    // A load failure.
    await page.unroute('**/api/shared-story');
    await page.route('**/api/shared-story', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' })
        : route.fallback(),
    );
    await page.reload();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Failed to load active shared story rooms.' }),
    ).toBeVisible();
    await page.unroute('**/api/shared-story');

    // A hero id that is not one of the user's heroes: nothing is selected.
    await page.goto('/shared-story?heroId=0123456789abcdef0123456789abcdef');
    await expect(page.getByText('No hero selected')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Select a Hero' })).toHaveAttribute('href', '/heroes');
    await expect(page.getByRole('button', { name: 'Premium Required' })).toBeDisabled();

    // Non-premium users are pointed to checkout.
    await page.goto('/shared-story');
    await page.getByTestId('selected-hero').getByRole('link', { name: 'Upgrade' }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/${heroId}$`));
  });

  test('room view errors: an unknown room, and a story server that cannot be reached', async ({ page }) => {
    const account = await signUp(page, 'room-errors');
    await createHero(page, account, 'Corvin Ashgrove', '1983-11-27');

    await page.goto('/shared-story/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: 'Error' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('alert')).toHaveText('Room not found.');
    await expect(page.getByRole('link', { name: 'Select Different Hero' })).toHaveAttribute(
      'href',
      '/heroes',
    );
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();

    // A story server that never answers: after the 20 s socket timeout, 'Failed to connect to the
    // story server: {reason}', and loading ends. (The mocked socket opens but never hands shake.)
    await page.routeWebSocket(/\/socket\.io\//, () => undefined);
    await page.goto('/shared-story/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Joining shared story...')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('Failed to connect to the story server: timeout', {
      timeout: 40_000,
    });
    await expect(page.getByText('Joining shared story...')).toHaveCount(0);
  });
});

test.describe('shared story room', () => {
  test.setTimeout(300_000);
  test.use({ expectedConsoleErrors: [/status of 50[02]/] });

  test('a premium hero creates a room and invites; a non-premium hero spectates; three messages and the narrator', async ({
    page,
    context,
    browser,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const account = await signUp(page, 'room-host', 'Lyra Starweaver');
    const heroId = await premiumHero(page, account, 'Orion Vale', '1988-10-30');

    // The hero page's Join Shared Story takes the hero to the lobby.
    await page.goto(`/hero/${heroId}`);
    await page.getByRole('link', { name: 'Join Shared Story' }).click();
    await expect(page).toHaveURL(new RegExp(`/shared-story\\?heroId=${heroId}$`));
    const card = page.getByTestId('selected-hero');
    await expect(card).toContainText('Orion Vale');
    await expect(card.getByText('Premium', { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Upgrade' })).toHaveCount(0);
    const create = page.getByRole('button', { name: 'Create New Shared Story' });
    await expect(create).toBeEnabled();

    // A failed create shows the server's error field, else 'Failed to create room.'.
    await page.route('**/api/shared-story/create', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"The stars are busy"}' }),
    );
    await create.click();
    await expect(page.getByRole('alert').filter({ hasText: 'The stars are busy' })).toBeVisible();
    await page.unroute('**/api/shared-story/create');
    await page.route('**/api/shared-story/create', (route) =>
      route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad gateway' }),
    );
    await create.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to create room.' })).toBeVisible();
    await page.unroute('**/api/shared-story/create');

    // Create for real: the room view, as the participating hero.
    const firstDetail = page.waitForResponse(
      (r) => /\/api\/shared-story\/[0-9a-f-]{36}$/.test(r.url()) && r.request().method() === 'GET',
    );
    await create.click();
    await expect(page).toHaveURL(/\/shared-story\/[0-9a-f-]{36}$/);
    // The creator's very first view already counts its hero (before its socket has joined).
    expect((await (await firstDetail).json()).participants).toEqual([
      expect.objectContaining({ id: heroId, name: 'Orion Vale', isPremium: true }),
    ]);
    await expect(page.getByText('1 hero in this story')).toBeVisible();
    const roomUrl = page.url();
    const roomId = roomUrl.split('/').pop()!;
    await expect(page.getByRole('heading', { level: 1, name: 'Shared Cosmic Adventure' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByTestId('role-badge')).toHaveText('Participating Hero');
    await expect(page.getByTestId('connection-state')).toHaveText('Connected');
    await expect(page.getByRole('link', { name: /Back to Shared Stories/ })).toHaveAttribute(
      'href',
      '/shared-story',
    );
    // A new room opens with the narrator's introduction.
    const narratorLines = page.getByTestId('narrator-message');
    await expect(narratorLines.first()).toBeVisible({ timeout: 30_000 });

    // Side panel: images, badge, signs, role note, heroes list.
    const side = page.getByRole('complementary', { name: 'Heroes of this story' });
    await expect(side.getByText('Premium', { exact: true })).toBeVisible();
    await expect(side.locator('dd').filter({ hasText: 'Scorpio' })).toBeVisible();
    await expect(side.locator('dd').filter({ hasText: 'Dragon' })).toBeVisible();
    await expect(side.getByRole('list', { name: 'Hero images' }).getByRole('img')).toHaveCount(3);
    await expect(side.getByText('Your hero can actively shape this cosmic journey')).toBeVisible();
    await expect(side.getByRole('list', { name: 'Heroes' })).toContainText('Orion Vale');

    // Invite Heroes: the link, copied, 'Copied!' for 2 s.
    await page.getByRole('button', { name: 'Invite Heroes' }).click();
    await expect(page.getByLabel('Room link')).toHaveValue(roomUrl);
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(roomUrl);
    await expect(page.getByRole('button', { name: 'Copy', exact: true })).toBeVisible({ timeout: 4_000 });
    await expectNoSeriousAxeViolation(page);

    // A second user with a non-premium hero.
    const guestContext = await browser.newContext();
    const guest = await guestContext.newPage();
    const guestProblems = watchProblems(guest);
    const guestAccount = await signUp(guest, 'room-guest', 'Vega Nightbloom');
    const guestHeroId = await generatedHero(guest, guestAccount, 'Nyx Ember', '1995-06-02');

    // Their lobby lists the room, and creating needs premium.
    await guest.goto('/shared-story');
    await expect(guest.getByTestId('selected-hero')).toContainText('Non-Premium');
    await expect(guest.getByRole('button', { name: 'Premium Required' })).toBeDisabled();
    await expect(roomRow(guest, roomId)).toBeVisible();
    await expect(roomRow(guest, roomId).getByTestId('room-heroes')).toHaveText('1');
    await expect(roomRow(guest, roomId).getByRole('link', { name: /^Join/ })).toHaveAttribute(
      'href',
      `/shared-story/${roomId}`,
    );

    // They join through the invite link, as a spectator.
    await guest.goto(roomUrl);
    await expect(guest.getByTestId('role-badge')).toHaveText('Spectating Hero', { timeout: 20_000 });
    const guestInput = guest.getByLabel('Your message');
    await expect(guestInput).toBeDisabled();
    await expect(guestInput).toHaveAttribute('placeholder', SPECTATOR_PLACEHOLDER);
    await expect(guest.getByRole('button', { name: 'Send' })).toBeDisabled();
    const guestSide = guest.getByRole('complementary', { name: 'Heroes of this story' });
    await expect(guestSide.getByText('Spectator', { exact: true })).toBeVisible();
    await expect(guestSide.getByText('Your hero is watching the adventure unfold')).toBeVisible();
    await expect(guestSide.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'href',
      `/checkout/${guestHeroId}`,
    );
    await expectNoSeriousAxeViolation(guest);

    // The host sees the new hero in the list, spectating.
    await expect(side.getByRole('list', { name: 'Heroes' })).toContainText('Nyx Ember');
    await expect(page.getByTestId('hero-count')).toHaveText('2 heroes in this story');

    // Three messages; both see them; the narrator answers the third.
    await expect(narratorLines).toHaveCount(1);
    await expect(guest.getByTestId('narrator-message')).toHaveCount(1);
    const input = page.getByLabel('Your message');
    await expect(input).toBeEnabled();
    const lines = [
      'Orion raises his lantern toward the silver gate.',
      'He whispers the old Scorpio oath to the wind.',
      'Orion steps through, ready for whatever waits beyond.',
    ];
    for (const [index, line] of lines.entries()) {
      if (index === 2) {
        await watchNarratorTyping(page);
        await watchNarratorTyping(guest);
      }
      await input.fill(line);
      await input.press('Enter');
      await expect(input).toHaveValue('');
      await expect(page.getByTestId('hero-message').filter({ hasText: line })).toBeVisible();
      await expect(guest.getByTestId('hero-message').filter({ hasText: line })).toBeVisible();
    }
    await expect(narratorLines).toHaveCount(2, { timeout: 30_000 });
    await expect(guest.getByTestId('narrator-message')).toHaveCount(2);
    await expect(narratorLines.nth(1)).not.toBeEmpty();
    expect(await narratorTypingSeen(page)).toBe(true);
    expect(await narratorTypingSeen(guest)).toBe(true);
    await expect(page.getByTestId('narrator-typing')).toHaveCount(0);

    // The lobby counts the heroes in the room now.
    const lobby = await context.newPage();
    await lobby.goto('/shared-story');
    await expect(roomRow(lobby, roomId).getByTestId('room-heroes')).toHaveText('1');
    await expect(roomRow(lobby, roomId).getByTestId('room-spectators')).toHaveText('1');
    await lobby.close();

    await guestContext.close();
    expect(guestProblems).toEqual([]);
  });
});
