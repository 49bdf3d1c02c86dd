import type { Page } from '@playwright/test';
import { expect, generatedHero, premiumHero, signInWith, signUpViaApi, test } from './fixtures';
import { seriousAxeViolations } from './support/screen-checks';

/**
 * The guard fixture watches the test's own page; the guest's context gets the same watch here. The one
 * error it expects: once removed, the guest is no member, and an invite-only room's detail answers 404
 * to non-members by design (the browser logs every 404 it loads).
 */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const expectedRefusal =
      /status of 404/.test(msg.text()) && /\/api\/shared-story\/[0-9a-f-]+(\?|$)/.test(msg.location().url);
    if (!expectedRefusal) problems.push(`console error: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught error: ${error.message}`));
  return problems;
}

const roomRow = (page: Page, roomId: string) =>
  page.locator(`[data-testid="room-row"][data-room-id="${roomId}"]`);

test.describe('a room its host controls', () => {
  test.setTimeout(180_000);

  test('invite-only with an invite link, removing a hero, renaming and closing', async ({
    page,
    browser,
  }) => {
    const host = await signUpViaApi(page, 'room-host', 'Host Starling');
    const hostHeroId = await premiumHero(page, host, 'Orion Vale', '1990-03-25');
    const created = await page.request.post('/api/shared-story/create', {
      headers: host.headers,
      data: { heroId: hostHeroId },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { roomId } = (await created.json()) as { roomId: string };

    await signInWith(page, host.session);
    await page.goto(`/shared-story/${roomId}?heroId=${hostHeroId}`);
    await expect(page.getByTestId('role-badge')).toHaveText('Participating Hero', { timeout: 20_000 });
    const heroesList = page.getByRole('list', { name: 'Heroes' });
    await expect(heroesList.getByRole('listitem').filter({ hasText: 'Orion Vale' })).toContainText('Host');
    const settings = page.getByRole('region', { name: 'Room Settings' });
    await expect(settings).toBeVisible();
    await expect(settings.getByRole('switch', { name: 'Invite-only' })).not.toBeChecked();

    // Invite-only: the switch gives the host an invite link.
    // The switch follows the server's answer, so it turns on once the room is invite-only.
    await settings.getByRole('switch', { name: 'Invite-only' }).click();
    await expect(settings.getByRole('switch', { name: 'Invite-only' })).toBeChecked();
    const inviteField = settings.getByLabel('Invite link');
    await expect(inviteField).toHaveValue(new RegExp(`/shared-story/${roomId}\\?invite=[A-Za-z0-9_-]{32}$`));
    const inviteUrl = await inviteField.inputValue();
    expect(await seriousAxeViolations(page, 'main')).toEqual([]);

    // Another user's hero: the lobby no longer lists the room, and the plain link does not let it in.
    const guestContext = await browser.newContext();
    const guest = await guestContext.newPage();
    const guestProblems = watchProblems(guest);
    const guestAccount = await signUpViaApi(guest, 'room-guest', 'Vega Nightbloom');
    const guestHeroId = await generatedHero(guest, guestAccount, 'Nyx Ember', '1995-06-02');
    await signInWith(guest, guestAccount.session);
    await guest.goto('/shared-story');
    await expect(guest.getByTestId('selected-hero')).toContainText('Nyx Ember');
    await expect(roomRow(guest, roomId)).toHaveCount(0);
    await guest.goto(`/shared-story/${roomId}?heroId=${guestHeroId}`);
    await expect(guest.getByRole('alert')).toHaveText(
      'This room is invite-only. Ask its host for an invite link.',
      { timeout: 20_000 },
    );

    // The invite link lets the hero in; both see who hosts.
    await guest.goto(inviteUrl);
    await expect(guest.getByTestId('role-badge')).toHaveText('Spectating Hero', { timeout: 20_000 });
    await expect(
      guest.getByRole('list', { name: 'Heroes' }).getByRole('listitem').filter({ hasText: 'Orion Vale' }),
    ).toContainText('Host');
    await expect(guest.getByRole('region', { name: 'Room Settings' })).toHaveCount(0);
    const guestItem = heroesList.getByRole('listitem').filter({ hasText: 'Nyx Ember' });
    await expect(guestItem).toBeVisible();

    // The host removes the guest, after confirming; the guest is taken out at once.
    await guestItem.getByRole('button', { name: 'Remove Nyx Ember' }).click();
    const confirm = guestItem.getByRole('group', { name: 'Remove Nyx Ember?' });
    await expect(confirm.getByRole('button', { name: 'Remove Nyx Ember' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Remove Nyx Ember' }).click();
    await expect(
      guest.getByRole('status').filter({ hasText: 'You were removed from this room.' }),
    ).toBeVisible();
    await expect(guest.getByRole('link', { name: 'Browse Shared Stories' })).toBeVisible();
    await expect(heroesList.getByRole('listitem').filter({ hasText: 'Nyx Ember' })).toHaveCount(0);
    await expect(
      page.getByTestId('system-message').filter({ hasText: 'Nyx Ember was removed from the story' }),
    ).toBeVisible();
    // Not even the invite link brings it back: the same clear screen, no error and no Try Again.
    await guest.goto(inviteUrl);
    await expect(
      guest.getByRole('status').filter({ hasText: 'You were removed from this room.' }),
    ).toBeVisible({ timeout: 20_000 });
    await expect(guest.getByRole('button', { name: 'Try Again' })).toHaveCount(0);

    // Rename: the title changes where the room is shown.
    const titleField = settings.getByLabel('Room title');
    await titleField.fill('The Ember Road');
    await settings.getByRole('button', { name: 'Rename' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Ember Road');

    // Close, after confirming: read-only, out of the lobby, and so it stays for its heroes.
    await settings.getByRole('button', { name: 'Close Room…' }).click();
    await settings
      .getByRole('group', { name: 'Close this room?' })
      .getByRole('button', { name: 'Close Room' })
      .click();
    const closedNotice = page.getByRole('status').filter({ hasText: 'This room is closed.' });
    await expect(closedNotice).toBeVisible();
    // Read-only: no input and no Send at all.
    await expect(page.getByLabel('Your message')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Room Settings' })).toHaveCount(0);
    await page.reload();
    await expect(closedNotice).toBeVisible({ timeout: 20_000 });
    await expect(
      page.getByTestId('system-message').filter({ hasText: 'The host closed this story' }),
    ).toBeVisible();
    await expect(page.getByLabel('Your message')).toHaveCount(0);
    expect(await seriousAxeViolations(page, 'main')).toEqual([]);

    await guestContext.close();
    // The refusals the guest met are the room's answers on screen, not errors of the page.
    expect(guestProblems).toEqual([]);
  });
});
