import type { Page } from '@playwright/test';
import {
  expect,
  generatedHero,
  premiumHero,
  signInWith,
  signUpViaApi,
  test,
  type Account,
  type ApiClient,
} from './fixtures';

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

async function createRoom(api: ApiClient, account: Account, heroId: string): Promise<string> {
  const created = await api.request.post('/api/shared-story/create', {
    headers: account.headers,
    data: { heroId },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { roomId: string }).roomId;
}

/** Opens the room as the page's hero and waits until it is in. */
async function enterRoom(page: Page, roomId: string, role = 'Participating Hero') {
  await page.goto(`/shared-story/${roomId}`);
  await expect(page.getByTestId('role-badge')).toHaveText(role, { timeout: 30_000 });
}

/**
 * The words of each hero name in the side panel that are split over two lines: for every word, the
 * line boxes of its characters (Range.getClientRects) must share one top.
 */
async function splitWords(page: Page): Promise<string[]> {
  return page.getByTestId('story-hero-name').evaluateAll((names) => {
    const split: string[] = [];
    for (const name of names) {
      const text = name.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) continue;
      const content = text.textContent ?? '';
      for (const match of content.matchAll(/\S+/g)) {
        const tops = new Set<number>();
        for (let i = match.index; i < match.index + match[0].length; i++) {
          const range = document.createRange();
          range.setStart(text, i);
          range.setEnd(text, i + 1);
          for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
        }
        if (tops.size > 1) split.push(match[0]);
      }
    }
    return split;
  });
}

test.describe('presence in a room', () => {
  test.setTimeout(240_000);

  test('a reload writes no "left" line, the header counts who is connected, names wrap between words, and the lobby tells rooms apart', async ({
    page,
    browser,
  }) => {
    const host = await signUpViaApi(page, 'presence-host', 'Host Starling');
    const hostHero = await premiumHero(page, host, 'Seraphine Emberwind', '1990-03-25');
    const guest = await signUpViaApi(page, 'presence-guest', 'Guest Wren');
    const guestHero = await generatedHero(page, guest, 'Bartholomew Thistlewood', '1992-06-14');
    const roomId = await createRoom(page, host, hostHero);
    const emptyRoomId = await createRoom(page, host, hostHero);

    await signInWith(page, host.session);
    await enterRoom(page, roomId);
    await expect(page.getByTestId('hero-count')).toHaveText('1 hero here now');

    const guestContext = await browser.newContext();
    const guestPage = await guestContext.newPage();
    await signInWith(guestPage, guest.session);
    await guestPage.goto(`/shared-story/${roomId}?heroId=${guestHero}`);
    await expect(guestPage.getByTestId('role-badge')).toHaveText('Spectating Hero', { timeout: 30_000 });
    await expect(page.getByTestId('hero-count')).toHaveText('2 heroes here now', { timeout: 10_000 });
    const guestRow = page.getByRole('list', { name: 'Heroes' }).getByRole('listitem').filter({
      hasText: 'Bartholomew Thistlewood',
    });
    await expect(guestRow).toHaveAttribute('data-present', 'true');

    // The guest reloads: back in the room, still counted, and the transcript says nothing of it.
    await guestPage.reload();
    await expect(guestPage.getByTestId('role-badge')).toHaveText('Spectating Hero', { timeout: 30_000 });
    await expect(page.getByTestId('hero-count')).toHaveText('2 heroes here now', { timeout: 10_000 });
    await expect(guestPage.getByTestId('hero-count')).toHaveText('2 heroes here now', { timeout: 10_000 });
    await page.waitForTimeout(1_500);
    for (const viewer of [page, guestPage]) {
      await expect(viewer.getByTestId('system-message').filter({ hasText: 'left the story' })).toHaveCount(0);
    }

    // The guest closes the tab: the header follows at once, the transcript still says nothing.
    await guestContext.close();
    await expect(page.getByTestId('hero-count')).toHaveText('1 hero here now', { timeout: 10_000 });
    await expect(guestRow).toHaveAttribute('data-present', 'false');
    await expect(page.getByTestId('system-message').filter({ hasText: 'left the story' })).toHaveCount(0);

    // Long two-word names wrap between their words in the side panel, on a desktop and on a phone.
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expect(page.getByTestId('story-hero-name')).toHaveCount(2);
      expect(await splitWords(page), `${viewport.width}px`).toEqual([]);
    }
    await page.setViewportSize(VIEWPORTS[0]!);

    // The lobby row: host, how long ago a hero last wrote, who is in (the empty-room filter itself is
    // timed, and tested on the rooms service with its clock).
    await page.getByLabel('Your message').fill('The lanterns rise over the harbour');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByTestId('hero-message')).toHaveCount(1, { timeout: 20_000 });
    await page.goto('/shared-story');
    const row = page.locator(`[data-testid="room-row"][data-room-id="${roomId}"]`);
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row.getByTestId('room-host')).toHaveText('Hosted by Seraphine Emberwind');
    await expect(row.getByTestId('room-last-activity')).toHaveText(/just now|1 minute ago/);
    // The room nobody wrote in yet (created a moment ago) is told apart: no message yet.
    const empty = page.locator(`[data-testid="room-row"][data-room-id="${emptyRoomId}"]`);
    await expect(empty.getByTestId('room-last-activity')).toHaveText('None yet');
    await expect(empty.getByTestId('room-host')).toHaveText('Hosted by Seraphine Emberwind');
    await expect(empty).toContainText('Nobody inside right now');
  });
});

test.describe('closed and removed', () => {
  test.setTimeout(240_000);

  test('a closed room says so once, without Send or live status; a removed hero coming back is told why', async ({
    page,
    browser,
  }) => {
    const host = await signUpViaApi(page, 'closed-host', 'Host Starling');
    const hostHero = await premiumHero(page, host, 'Orion Dusk', '1988-01-09');
    const guest = await signUpViaApi(page, 'closed-guest', 'Guest Wren');
    const guestHero = await generatedHero(page, guest, 'Nyx Ember', '1995-09-30');
    const closing = await createRoom(page, host, hostHero);
    const removing = await createRoom(page, host, hostHero);

    await signInWith(page, guest.session);
    await page.goto(`/shared-story/${closing}?heroId=${guestHero}`);
    await expect(page.getByTestId('role-badge')).toHaveText('Spectating Hero', { timeout: 30_000 });
    const closed = await page.request.post(`/api/shared-story/${closing}/close`, { headers: host.headers });
    expect(closed.status(), await closed.text()).toBe(200);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expect(page.getByText('This room is closed. Its story stays here to read.')).toHaveCount(1, {
        timeout: 10_000,
      });
      await expect(page.getByRole('button', { name: 'Send' })).toHaveCount(0);
      await expect(page.getByTestId('connection-state')).toHaveCount(0);
      await expect(page.getByTestId('role-badge')).toHaveCount(0);
    }
    // Opened again later: the same.
    await page.reload();
    await expect(page.getByText('This room is closed. Its story stays here to read.')).toHaveCount(1, {
      timeout: 30_000,
    });
    await expect(page.getByRole('button', { name: 'Send' })).toHaveCount(0);
    await expect(page.getByText('Connected', { exact: true })).toHaveCount(0);
    await page.setViewportSize(VIEWPORTS[0]!);

    await page.goto(`/shared-story/${removing}?heroId=${guestHero}`);
    await expect(page.getByTestId('role-badge')).toHaveText('Spectating Hero', { timeout: 30_000 });
    const removed = await page.request.post(`/api/shared-story/${removing}/remove`, {
      headers: host.headers,
      data: { heroId: guestHero },
    });
    expect(removed.status(), await removed.text()).toBe(200);
    await expect(page.getByText('You were removed from this room.')).toBeVisible({ timeout: 10_000 });
    // Opening the link again: the same clear answer, no error and no Try Again.
    const again = await browser.newContext();
    const againPage = await again.newPage();
    await signInWith(againPage, guest.session);
    await againPage.goto(`/shared-story/${removing}?heroId=${guestHero}`);
    await expect(againPage.getByText('You were removed from this room.')).toBeVisible({ timeout: 30_000 });
    await expect(againPage.getByRole('heading', { name: 'Removed from This Story' })).toBeVisible();
    await expect(againPage.getByRole('button', { name: 'Try Again' })).toHaveCount(0);
    await expect(againPage.getByRole('heading', { name: 'Error' })).toHaveCount(0);
    await again.close();
  });
});
