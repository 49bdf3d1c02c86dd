import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Page } from '@playwright/test';
import { expect, newUser, registerViaUi, storedSession, test, uniqueEmail } from './fixtures';

const HOURS =
  'Mon-Fri 9 AM-8 PM ET, Sat 10 AM-6 PM ET, Sun closed; live chat weekdays 9-5 ET; email responses within 24 hours';
const REQUIRED = 'Please fill in all required fields';
const INVALID_EMAIL = 'Please enter a valid email address';
const FAILED = 'There was a problem submitting your request. Please try again later.';

interface StoredRequest {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  category: string;
  user_id: string | null;
}

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Reads a support request straight from PostgreSQL. The e2e server's database is named in
 * .ci-reports/e2e-database-url.txt when the server writes it; otherwise the test looks in every
 * e2e database (their names start with starborn_e2e_) for the request's id, a random UUID.
 */
async function findStoredRequest(id: string): Promise<StoredRequest | undefined> {
  const urlFile = `${repoRoot}.ci-reports/e2e-database-url.txt`;
  const candidates: string[] = [];
  if (existsSync(urlFile)) {
    candidates.push(readFileSync(urlFile, 'utf8').trim());
  } else {
    const base = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    base.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE 'starborn\\_e2e\\_%'",
      );
      for (const { datname } of rows) {
        const url = new URL(base);
        url.pathname = `/${datname}`;
        candidates.push(url.toString());
      }
    } finally {
      await admin.end();
    }
  }
  for (const connectionString of candidates) {
    const client = new pg.Client({ connectionString });
    try {
      await client.connect();
      const { rows } = await client.query<StoredRequest>(
        'SELECT id, name, email, subject, message, category, user_id FROM auth.support_requests WHERE id = $1',
        [id],
      );
      if (rows[0]) return rows[0];
    } catch {
      // Another run's database, or one without the table yet.
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  return undefined;
}

function supportForm(page: Page) {
  const form = page.locator('form.support-form');
  return {
    form,
    name: form.getByLabel('Name'),
    email: form.getByLabel('Email'),
    subject: form.getByLabel('Subject'),
    category: form.getByLabel('Category'),
    message: form.getByLabel('Message'),
    send: form.getByRole('button', { name: 'Send Message' }),
  };
}

test('the support page shows contact options, hours exactly as published, and quick links', async ({
  page,
}) => {
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support', exact: true })).toBeVisible();
  const contact = page.getByRole('region', { name: 'Contact Options' });
  await expect(contact.getByRole('link', { name: 'support@starbornhero.com' })).toHaveAttribute(
    'href',
    'mailto:support@starbornhero.com',
  );
  await expect(contact).toContainText('Live Chat');
  await expect(page.getByRole('region', { name: 'Support Hours' })).toContainText(HOURS);
  const quick = page.getByRole('region', { name: 'Quick Links' });
  await quick.getByRole('link', { name: /Frequently Asked Questions/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
});

test('the form checks required fields and the email before sending anything', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/support')) posts.push(request.method());
  });
  await page.goto('/support');
  const f = supportForm(page);
  await expect(f.category).toHaveValue('general-inquiry');
  await expect(f.category.locator('option')).toHaveText([
    'General Inquiry',
    'Technical Issue',
    'Billing',
    'Account',
    'Feature Request',
  ]);

  await f.send.click();
  await expect(page.getByRole('alert')).toHaveText(REQUIRED);

  await f.name.fill('Lyra Starweaver');
  await f.email.fill('lyra@starborn.test');
  await f.message.fill('   ');
  await f.send.click();
  await expect(page.getByRole('alert')).toHaveText(REQUIRED);

  await f.email.fill('lyra-at-starborn');
  await f.message.fill('My hero will not load.');
  await f.send.click();
  await expect(page.getByRole('alert')).toHaveText(INVALID_EMAIL);

  // Subject is optional; the values stay in the form.
  await expect(f.name).toHaveValue('Lyra Starweaver');
  await expect(f.message).toHaveValue('My hero will not load.');
  expect(posts).toEqual([]);
});

test('a visitor sends a message: at least 1.5 s of sending, a confirmation, and a stored request', async ({
  page,
}) => {
  const email = uniqueEmail('support');
  await page.goto('/support');
  const f = supportForm(page);
  await f.name.fill('  Orion Vale  ');
  await f.email.fill(email);
  await f.subject.fill('Chapter three');
  await f.category.selectOption('technical-issue');
  await f.message.fill('Chapter three of my storybook shows no text.');

  // The request is held until the sending state has been seen: on a busy machine the assertions could
  // otherwise take longer than the 1.5 s the state lasts. The 1.5 s minimum is still measured below.
  let letThrough!: () => void;
  const seen = new Promise<void>((resolve) => (letThrough = resolve));
  await page.route('**/api/support', async (route) => {
    await seen;
    await route.continue();
  });
  const responsePromise = page.waitForResponse(
    (r) => r.url().endsWith('/api/support') && r.request().method() === 'POST',
  );
  const started = Date.now();
  await f.send.click();
  await expect(f.form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  await expect(f.message).toBeDisabled();
  letThrough();

  const response = await responsePromise;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toEqual({
    name: 'Orion Vale',
    email,
    subject: 'Chapter three',
    message: 'Chapter three of my storybook shows no text.',
    category: 'technical-issue',
  });
  const body = await response.json();
  expect(body).toMatchObject({
    name: 'Orion Vale',
    email,
    subject: 'Chapter three',
    message: 'Chapter three of my storybook shows no text.',
    category: 'technical-issue',
    userId: null,
  });
  expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
  expect(Number.isNaN(Date.parse(body.createdAt))).toBe(false);

  // The form is replaced by the confirmation, no earlier than 1.5 s after sending began.
  await expect(page.getByRole('heading', { name: 'Message Sent' })).toBeVisible();
  expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
  await expect(f.form).toHaveCount(0);
  await expect(page.getByRole('main')).toContainText(`we will reply to ${email} within 24 hours`);
  await expect(page.getByRole('main')).toContainText(`Reference: ${body.id.slice(0, 8).toUpperCase()}`);

  const stored = await findStoredRequest(body.id);
  expect(stored).toEqual({
    id: body.id,
    name: 'Orion Vale',
    email,
    subject: 'Chapter three',
    message: 'Chapter three of my storybook shows no text.',
    category: 'technical-issue',
    user_id: null,
  });

  // Another message can be written; name and email are kept.
  await page.getByRole('button', { name: 'Send Another Message' }).click();
  await expect(supportForm(page).name).toHaveValue('Orion Vale');
  await expect(supportForm(page).message).toHaveValue('');
  await expect(supportForm(page).category).toHaveValue('general-inquiry');
});

test('a signed-in user finds name and email filled in, and the request carries the account id', async ({
  page,
}) => {
  const user = newUser('support-member', 'Vega Lumen');
  await registerViaUi(page, user);
  await expect(page).toHaveURL(/\/create$/);
  const userId = JSON.parse((await storedSession(page)).user ?? '{}').id as string;

  await page.goto('/support');
  const f = supportForm(page);
  await expect(f.name).toHaveValue(user.name);
  await expect(f.email).toHaveValue(user.email);
  await f.category.selectOption('billing');
  await f.message.fill('I was charged but my hero is not premium.');

  const responsePromise = page.waitForResponse((r) => r.url().endsWith('/api/support'));
  await f.send.click();
  const response = await responsePromise;
  expect(response.status()).toBe(201);
  expect(response.request().headers()['authorization']).toMatch(/^Bearer \S+$/);
  const body = await response.json();
  expect(body).toMatchObject({ category: 'billing', userId, email: user.email, subject: '' });
  await expect(page.getByRole('heading', { name: 'Message Sent' })).toBeVisible();
  expect((await findStoredRequest(body.id))?.user_id).toBe(userId);
});

test.describe('failures keep the message', () => {
  test.use({ expectedConsoleErrors: [/status of (400|503)/] });

  test('a server failure shows its message and a retry sends the same message', async ({ page }) => {
    await page.goto('/support');
    let failNext = true;
    await page.route('**/api/support', async (route) => {
      if (failNext) {
        failNext = false;
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ status: 503, code: 'UNAVAILABLE', message: 'down', error: 'down' }),
        });
      } else {
        await route.continue();
      }
    });
    const f = supportForm(page);
    const email = uniqueEmail('support-retry');
    await f.name.fill('Nova');
    await f.email.fill(email);
    await f.message.fill('Retry me.');
    const started = Date.now();
    await f.send.click();
    await expect(page.getByRole('alert')).toHaveText(FAILED);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    await expect(f.name).toHaveValue('Nova');
    await expect(f.email).toHaveValue(email);
    await expect(f.message).toHaveValue('Retry me.');
    await expect(f.send).toBeEnabled();

    const responsePromise = page.waitForResponse((r) => r.url().endsWith('/api/support'));
    await f.send.click();
    expect((await responsePromise).status()).toBe(201);
    await expect(page.getByRole('heading', { name: 'Message Sent' })).toBeVisible();
  });

  test('an address the server refuses shows the server sentence and keeps the form', async ({ page }) => {
    await page.goto('/support');
    const f = supportForm(page);
    await f.name.fill('Nova');
    // Passes the form's own pattern, but the server wants a real top-level domain.
    await f.email.fill('nova@starborn.x');
    await f.message.fill('Hello');
    const responsePromise = page.waitForResponse((r) => r.url().endsWith('/api/support'));
    await f.send.click();
    expect((await responsePromise).status()).toBe(400);
    await expect(page.getByRole('alert')).toHaveText(INVALID_EMAIL);
    await expect(f.message).toHaveValue('Hello');
  });
});
