/**
 * The content filter as a user meets it: a refused hero name, room title or chat message shows the
 * server's message where it was typed, and the typed text stays there to be edited.
 */
import { MODERATION_MESSAGES } from '@starborn/contracts';
import { chooseDate, expect, premiumHero, signInWith, signUp, signUpViaApi, test } from './fixtures';

// The refusals are 400 answers, which the browser logs.
test.use({ expectedConsoleErrors: [/status of 400/] });

test('a refused hero name sends the wizard back to the name, with the message at the field', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page, 'moderation-name');
  await page.goto('/create');
  await chooseDate(page, 'April', '2', '1990');
  await page.getByRole('button', { name: 'Next' }).click();
  const name = page.getByLabel('Hero Name');
  await name.fill('Lord Sh1tface');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Generate My Hero' }).click();

  await expect(page.getByRole('heading', { name: 'Name Your Cosmic Hero' })).toBeVisible();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(MODERATION_MESSAGES.heroName);
  await expect(name).toHaveValue('Lord Sh1tface');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription(MODERATION_MESSAGES.heroName);
  await expect(page).toHaveURL(/\/create$/);

  // Editing the name clears the message; the wizard carries on with the new one.
  await name.fill('Lord Emberwind');
  await expect(alert).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Preview Your Hero' })).toBeVisible();
  await expect(page.locator('.hero-preview')).toContainText('Lord Emberwind');
});

test('a refused chat message or room title shows the message and keeps the text to edit', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const host = await signUpViaApi(page, 'moderation-room', 'Host Starling');
  const heroId = await premiumHero(page, host, 'Orion Vale', '1988-10-30');
  const created = await page.request.post('/api/shared-story/create', {
    headers: host.headers,
    data: { heroId },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { roomId } = (await created.json()) as { roomId: string };
  await signInWith(page, host.session);
  await page.goto(`/shared-story/${roomId}?heroId=${heroId}`);
  await expect(page.getByTestId('connection-state')).toHaveText('Connected', { timeout: 20_000 });

  // Chat: the refusal shows in the chat pane, the text comes back into the input, nothing is posted.
  const input = page.getByLabel('Your message');
  await expect(input).toBeEnabled();
  await input.fill('this gate is f u c k i n g locked');
  await input.press('Enter');
  const chat = page.getByRole('region', { name: 'Story' });
  await expect(chat.getByRole('alert')).toContainText(MODERATION_MESSAGES.chatMessage);
  await expect(input).toHaveValue('this gate is f u c k i n g locked');
  await expect(page.getByRole('log', { name: 'Story messages' })).not.toContainText('locked');

  // Edited, it is sent: shown once, the input cleared, the notice gone.
  await input.fill('this gate is firmly locked');
  await input.press('Enter');
  await expect(page.getByRole('log', { name: 'Story messages' })).toContainText('this gate is firmly locked');
  await expect(input).toHaveValue('');
  await expect(chat.getByRole('alert')).toHaveCount(0);

  // The host's rename: the refusal shows in the settings, the typed title stays.
  const title = page.getByLabel('Room title');
  await title.fill('The Sh1t Quest');
  await page.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('alert').filter({ hasText: MODERATION_MESSAGES.roomTitle })).toBeVisible();
  await expect(title).toHaveValue('The Sh1t Quest');
  await expect(page.getByRole('heading', { level: 1 })).not.toContainText('Sh1t');
});
