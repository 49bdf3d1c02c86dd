import type { Page } from '@playwright/test';
import {
  createHero,
  expect,
  generatedHero,
  premiumHero,
  signInWith,
  signUp,
  signUpViaApi,
  test,
  type Account,
  type ApiClient,
} from './fixtures';
import { seriousAxeViolations } from './support/screen-checks';

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

/**
 * Records, in order, when the narrator typing indicator comes and goes and when a narrator line is
 * added, so a test can tell the indicator was up before the line arrived and stayed up until it did.
 */
async function watchNarratorTyping(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __typingLog?: string[] };
    const log: string[] = [];
    w.__typingLog = log;
    let typing = document.querySelector('[data-testid="narrator-typing"]') !== null;
    let lines = document.querySelectorAll('[data-testid="narrator-message"]').length;
    new MutationObserver(() => {
      const nowTyping = document.querySelector('[data-testid="narrator-typing"]') !== null;
      const nowLines = document.querySelectorAll('[data-testid="narrator-message"]').length;
      // A line and the indicator leaving in one change read as the line first.
      if (nowLines > lines) log.push('narrator line');
      if (nowTyping !== typing) log.push(nowTyping ? 'typing' : 'typing gone');
      typing = nowTyping;
      lines = nowLines;
    }).observe(document.body, { childList: true, subtree: true });
  });
}

const narratorTypingLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { __typingLog?: string[] }).__typingLog ?? []);

/** A premium hero of another user, and a room it created through the API. */
async function hostedRoom(
  api: ApiClient,
  tag: string,
  heroName: string,
): Promise<{ host: Account; roomId: string }> {
  const host = await signUpViaApi(api, tag, 'Host Starling');
  const heroId = await premiumHero(api, host, heroName, '1990-03-25');
  const created = await api.request.post('/api/shared-story/create', {
    headers: host.headers,
    data: { heroId },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { host, roomId: ((await created.json()) as { roomId: string }).roomId };
}

/** Each portrait of the room's side panel is shown whole: a square box for a square picture, uncropped. */
async function expectWholePortraits(page: Page) {
  const images = page.getByRole('list', { name: 'Hero images' }).getByRole('img');
  await expect(images).toHaveCount(3);
  for (const image of await images.all()) {
    await expect(image).toHaveJSProperty('complete', true);
    const shape = await image.evaluate((img: HTMLImageElement) => {
      const box = img.getBoundingClientRect();
      return {
        box: box.width / box.height,
        natural: img.naturalWidth / img.naturalHeight,
        fit: getComputedStyle(img).objectFit,
        width: box.width,
      };
    });
    expect(shape.width).toBeGreaterThan(40);
    // Not a strip, and the picture (with its burned-in watermark) is not cut to fit the box.
    expect(Math.abs(shape.box - shape.natural)).toBeLessThan(0.02);
    expect(['contain', 'fill']).toContain(shape.fit);
  }
}

async function expectNoSeriousAxeViolation(page: Page) {
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
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

    // Neither a hero nor a room id sends the user to /heroes.
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

    // An unknown room is the not-found page, with the way to the rooms that exist.
    await page.goto('/shared-story/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: 'Lost in the Cosmic Void' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('main').getByRole('link', { name: 'Shared Stories' })).toHaveAttribute(
      'href',
      '/shared-story',
    );
    await expect(page.getByRole('button', { name: 'Try Again' })).toHaveCount(0);

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
    // While the hero loads, the lobby says so instead of refusing ('Premium Required').
    let releaseHeroes = () => undefined as void;
    const heroesHeld = new Promise<void>((resolve) => (releaseHeroes = resolve));
    await page.route('**/api/user/heroes', async (route) => {
      await heroesHeld;
      await route.fallback();
    });
    await page.getByRole('link', { name: 'Join Shared Story' }).click();
    await expect(page.getByRole('button', { name: 'Finding your hero...' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Premium Required' })).toHaveCount(0);
    releaseHeroes();
    await page.unroute('**/api/user/heroes');
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
    // The creator's very first view already lists its hero (before its socket has joined), and the
    // header counts it among the heroes connected now.
    expect((await (await firstDetail).json()).participants).toEqual([
      expect.objectContaining({ id: heroId, name: 'Orion Vale', isPremium: true }),
    ]);
    await expect(page.getByTestId('hero-count')).toHaveText('1 hero here now');
    const roomUrl = page.url();
    const roomId = roomUrl.split('/').pop()!;
    // Named after its creator, not the generic 'Shared Cosmic Adventure'.
    await expect(page.getByRole('heading', { level: 1, name: /^Orion Vale's \w+ \w+$/ })).toBeVisible({
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
    await expectWholePortraits(page);
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
    // Who is inside comes with the lobby's list, which refreshes every 15 s: allow one refresh.
    await expect(roomRow(guest, roomId).getByTestId('room-heroes')).toHaveText('1', { timeout: 20_000 });
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
    // The unpaid hero's watermarked previews are whole too, on a phone as on a desktop.
    await expectWholePortraits(guest);
    await guest.setViewportSize({ width: 390, height: 844 });
    await expectWholePortraits(guest);
    await guest.setViewportSize({ width: 1280, height: 800 });

    // The host sees the new hero in the list, spectating.
    await expect(side.getByRole('list', { name: 'Heroes' })).toContainText('Nyx Ember');
    await expect(page.getByTestId('hero-count')).toHaveText('2 heroes here now');

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
    // Both saw the narrator writing, and it stayed up (through the third message's own echo) until its
    // line arrived.
    for (const viewer of [page, guest]) {
      const log = await narratorTypingLog(viewer);
      expect(log.slice(log.indexOf('typing'))).toEqual(['typing', 'narrator line', 'typing gone']);
    }
    await expect(page.getByTestId('narrator-typing')).toHaveCount(0);

    // The lobby counts the heroes in the room now.
    const lobby = await context.newPage();
    await lobby.goto('/shared-story');
    await expect(roomRow(lobby, roomId).getByTestId('room-heroes')).toHaveText('1', { timeout: 20_000 });
    await expect(roomRow(lobby, roomId).getByTestId('room-spectators')).toHaveText('1');
    // ...and names them.
    const inside = roomRow(lobby, roomId).getByTestId('room-inside');
    await expect(inside).toContainText('2 inside now');
    await expect(inside.getByRole('listitem')).toHaveText(['Orion Vale', 'Nyx Ember (watching)']);
    await lobby.close();

    await guestContext.close();
    expect(guestProblems).toEqual([]);
  });
});

test.describe('an invitation opened without a hero', () => {
  test.setTimeout(240_000);

  test('leads to the wizard and, once the hero is made, back to the room', async ({ page }) => {
    const { roomId } = await hostedRoom(page, 'invite-host', 'Atlas Dawnridge');
    await signUp(page, 'invitee', 'Mira Quill');

    // The invite link: no dead end, but a way to make a hero.
    await page.goto(`/shared-story/${roomId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Create a Hero to Join' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByText(/You are invited to “Atlas Dawnridge's \w+ \w+”/)).toBeVisible();
    await expect(page.getByText('Please select a hero first')).toHaveCount(0);
    await expectNoSeriousAxeViolation(page);
    await page.getByRole('link', { name: 'Create Your Hero' }).click();
    await expect(page).toHaveURL(/\/create$/);

    // The wizard, as anyone goes through it.
    await page.getByLabel('Month').selectOption({ label: 'July' });
    await page.getByLabel('Year').selectOption('1992');
    await page.getByLabel('Day').selectOption('14');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Hero Name').fill('Mira Quill');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Generate My Hero' }).click();
    await expect(page).toHaveURL(/\/hero\/[0-9a-f]{32}$/);
    const heroId = page.url().split('/').pop()!;

    // Once the hero is made, its page offers the way back (watching, until it is upgraded).
    const back = page.getByTestId('room-return');
    await expect(back).toBeVisible({ timeout: 120_000 });
    await expect(back).toContainText('Upgrade it to take part');
    await expect(back.getByRole('link', { name: 'Upgrade to take part' })).toHaveAttribute(
      'href',
      `/checkout/${heroId}`,
    );
    await back.getByRole('link', { name: 'Back to the room' }).click();
    await expect(page).toHaveURL(new RegExp(`/shared-story/${roomId}\\?heroId=${heroId}$`));
    await expect(page.getByTestId('role-badge')).toHaveText('Spectating Hero', { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: /^Atlas Dawnridge's \w+ \w+$/ })).toBeVisible();

    // Back in the room, the way back has served: the hero page no longer offers it.
    await page.goto(`/hero/${heroId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Mira Quill' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByTestId('room-return')).toHaveCount(0);
  });

  test('gives someone with heroes, none of them chosen, a picker', async ({ page }) => {
    const { roomId } = await hostedRoom(page, 'picker-host', 'Sol Harrow');
    const guest = await signUpViaApi(page, 'picker-guest', 'Rue Vesper');
    // One non-premium hero at a time: the premium one first.
    const premiumId = await premiumHero(page, guest, 'Kestrel Vane', '1979-09-30');
    await generatedHero(page, guest, 'Rue Vesper', '1987-01-09');
    await signInWith(page, guest.session);

    // An address naming a hero that is not theirs.
    await page.goto(`/shared-story/${roomId}?heroId=0123456789abcdef0123456789abcdef`);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose the Hero Who Joins' })).toBeVisible({
      timeout: 20_000,
    });
    const choices = page.getByRole('list', { name: 'Your heroes' }).getByRole('link');
    await expect(choices).toHaveCount(2);
    await expectNoSeriousAxeViolation(page);
    await choices.filter({ hasText: 'Kestrel Vane' }).click();
    await expect(page).toHaveURL(new RegExp(`/shared-story/${roomId}\\?heroId=${premiumId}$`));
    await expect(page.getByTestId('role-badge')).toHaveText('Participating Hero', { timeout: 20_000 });
  });
});

test.describe('lobby rows', () => {
  test.setTimeout(180_000);

  test("tell rooms apart by their creator's titles, and show who is inside", async ({ page, browser }) => {
    const host = await signUpViaApi(page, 'titles-host', 'Host Starling');
    const heroId = await premiumHero(page, host, 'Lyra Moonwhisper', '1991-12-01');
    const roomIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await page.request.post('/api/shared-story/create', {
        headers: host.headers,
        data: { heroId },
      });
      expect(created.status()).toBe(201);
      roomIds.push(((await created.json()) as { roomId: string }).roomId);
    }

    // The host sits in the first room.
    const hostContext = await browser.newContext();
    const hostPage = await hostContext.newPage();
    await signInWith(hostPage, host.session);
    await hostPage.goto(`/shared-story/${roomIds[0]}`);
    await expect(hostPage.getByTestId('role-badge')).toHaveText('Participating Hero', { timeout: 20_000 });

    const viewer = await signUpViaApi(page, 'titles-viewer', 'Wren Ashby');
    await createHero(page, viewer, 'Wren Ashby', '1999-05-05');
    await signInWith(page, viewer.session);
    await page.goto('/shared-story');
    const titles = [];
    for (const roomId of roomIds) {
      const title = roomRow(page, roomId).getByRole('heading', { level: 3 });
      await expect(title).toHaveText(/^Lyra Moonwhisper's \w+ \w+$/);
      titles.push(await title.textContent());
    }
    // Three rooms of one hero: not three identical rows (48 titles to draw from).
    expect(new Set(titles).size).toBeGreaterThan(1);

    const inside = roomRow(page, roomIds[0]!).getByTestId('room-inside');
    await expect(inside).toContainText('1 inside now');
    await expect(inside.getByRole('listitem')).toHaveText(['Lyra Moonwhisper']);
    await expect(roomRow(page, roomIds[1]!)).toContainText('Nobody inside right now');
    await expectNoSeriousAxeViolation(page);
    await hostContext.close();
  });
});
