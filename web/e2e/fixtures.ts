import { randomUUID } from 'node:crypto';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Page,
  type PlaywrightWorkerArgs,
  type WorkerFixture,
} from '@playwright/test';

/**
 * Every test fails if the page logged a console error, threw an uncaught error, or reported a
 * Content-Security-Policy violation. Tests that provoke an expected HTTP error (a 401 for a wrong
 * password, a 409 for a taken email) list the matching console lines in `expectedConsoleErrors`.
 */
export interface GuardOptions {
  expectedConsoleErrors: RegExp[];
}

interface GuardFixtures {
  pageProblems: string[];
}

export const test = base.extend<GuardOptions & GuardFixtures>({
  expectedConsoleErrors: [[], { option: true }],

  pageProblems: [
    async ({ page, expectedConsoleErrors }, use) => {
      const problems: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        const text = msg.text();
        if (expectedConsoleErrors.some((re) => re.test(text))) return;
        problems.push(`console error: ${text}`);
      });
      page.on('pageerror', (error) => problems.push(`uncaught error: ${error.message}`));
      // Bindings and init scripts are injected by the browser itself, so the CSP does not block them.
      await page.exposeFunction('__starbornCspViolation', (description: string) =>
        problems.push(`CSP violation: ${description}`),
      );
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __starbornCspViolation: (d: string) => void })
            .__starbornCspViolation;
          void report(
            `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
          );
        });
      });
      await use(problems);
      expect(problems, 'the page must log no errors and violate no CSP directive').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** A fresh address per test, so tests never share accounts (the database persists per run). */
export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@starborn.test`;
}

export const PASSWORD = 'Stardust-Trail-42';

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

export function newUser(tag: string, name = 'Lyra Starweaver'): TestUser {
  return { name, email: uniqueEmail(tag), password: PASSWORD };
}

/**
 * What the API helpers need: a page (its request context shares the page's cookies) or a bare
 * request context, such as one made once per worker.
 */
export type ApiClient = Pick<Page, 'request'>;

/** Registers through the API (for tests whose subject is not registration itself). */
export async function registerViaApi(page: ApiClient, user: TestUser): Promise<void> {
  await registerForSession(page.request, user);
}

/** What the browser keeps of a signed-in session (its localStorage items). */
export interface StoredSession {
  token: string;
  user: string;
}

async function registerForSession(request: APIRequestContext, user: TestUser): Promise<StoredSession> {
  const response = await request.post('/api/auth/register', {
    data: { name: user.name, email: user.email, password: user.password },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { token: string; user: unknown };
  return { token: body.token, user: JSON.stringify(body.user) };
}

/** Fills and sends the register form. */
export async function registerViaUi(
  page: Page,
  user: TestUser,
  confirmPassword = user.password,
): Promise<void> {
  await page.goto('/register');
  const form = page.locator('form');
  await form.getByLabel('Full Name').fill(user.name);
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password', { exact: true }).fill(user.password);
  await form.getByLabel('Confirm Password').fill(confirmPassword);
  await form.getByRole('button', { name: 'Create Account' }).click();
}

/** Picks a birth date in the create wizard's first step (the day list waits for month and year). */
export async function chooseDate(page: Page, month: string, day: string, year: string): Promise<void> {
  await page.getByLabel('Month').selectOption({ label: month });
  await page.getByLabel('Year').selectOption(year);
  await page.getByLabel('Day').selectOption(day);
}

export async function loginViaUi(page: Page, email: string, password: string): Promise<void> {
  const form = page.locator('form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

export async function storedSession(page: Page): Promise<{ token: string | null; user: string | null }> {
  return page.evaluate(() => ({
    token: localStorage.getItem('authToken'),
    user: localStorage.getItem('user'),
  }));
}

/** What API calls made on behalf of a signed-in test user need. */
export interface Account {
  headers: Record<string, string>;
  userId: string;
  email: string;
}

/** Registers through the form (which signs in) and returns the account for API calls. */
export async function signUp(page: Page, tag: string, name?: string): Promise<Account> {
  const user = newUser(tag, name);
  await registerViaUi(page, user);
  await expect(page).toHaveURL(/\/create$/);
  // The wizard's first step shows once its one-unpaid-hero check has answered. A hero the test then
  // makes through the API must not reach a check still in flight: that check would alert and leave
  // for /heroes in the middle of the test's next navigation.
  await expect(page.getByRole('heading', { name: 'When were you born?' })).toBeVisible();
  const session = await storedSession(page);
  const userId = (JSON.parse(session.user ?? '{}') as { id: string }).id;
  return { headers: { Authorization: `Bearer ${session.token}` }, userId, email: user.email };
}

/**
 * Registers through the API (no browser needed); returns the account for API calls and the session
 * a page can be signed in with (see signInWith).
 */
export async function signUpViaApi(
  api: ApiClient,
  tag: string,
  name?: string,
): Promise<Account & { session: StoredSession }> {
  const user = newUser(tag, name);
  const session = await registerForSession(api.request, user);
  const userId = (JSON.parse(session.user) as { id: string }).id;
  return { headers: { Authorization: `Bearer ${session.token}` }, userId, email: user.email, session };
}

/** Signs the page in with a stored session before any of its documents loads. */
export async function signInWith(page: Page, session: StoredSession): Promise<void> {
  await page.addInitScript((stored) => {
    localStorage.setItem('authToken', stored.token);
    localStorage.setItem('user', stored.user);
  }, session);
}

/** Creates a hero through the API; returns its id. */
export async function createHero(
  page: ApiClient,
  account: Account,
  heroName: string,
  birthdate: string,
): Promise<string> {
  const heroId = randomUUID().replace(/-/g, '');
  const response = await page.request.post('/api/heroes', {
    headers: account.headers,
    data: { heroName, birthdate, heroId, userId: account.userId },
  });
  expect(response.status(), await response.text()).toBe(201);
  return heroId;
}

/** POST /api/heroes/generate/{id} answers when generation is done (the server waits up to 120 s). */
export async function generateHero(page: ApiClient, account: Account, heroId: string): Promise<void> {
  const response = await page.request.post(`/api/heroes/generate/${heroId}`, {
    headers: account.headers,
    timeout: 140_000,
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(((await response.json()) as { hero: { status: string } }).hero.status).toBe('complete');
}

/** A hero created and generated through the API. */
export async function generatedHero(
  page: ApiClient,
  account: Account,
  heroName: string,
  birthdate: string,
): Promise<string> {
  const heroId = await createHero(page, account, heroName, birthdate);
  await generateHero(page, account, heroId);
  return heroId;
}

/** A generated hero, made premium by paying through the API with the local provider's test card. */
export async function premiumHero(
  page: ApiClient,
  account: Account,
  heroName: string,
  birthdate: string,
): Promise<string> {
  const heroId = await generatedHero(page, account, heroName, birthdate);
  const intent = await page.request.post('/api/create-payment-intent', {
    headers: account.headers,
    data: { heroId, paymentType: 'premium_upgrade', currency: 'usd', amount: 399, is_test: true },
  });
  expect(intent.status(), await intent.text()).toBe(200);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const confirmed = await page.request.post('/api/payments/local/confirm', {
    headers: account.headers,
    data: { clientSecret, card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' } },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const premium = await page.request.post(`/api/heroes/setpremium/${heroId}`, { headers: account.headers });
  expect(premium.status(), await premium.text()).toBe(200);
  return heroId;
}

/** The storybook fields the browser tests read. */
export interface StoryBookSummary {
  id: string;
  isPremium: boolean;
  chaptersTotalCount: number;
  chaptersUnlockedCount: number;
}

/**
 * The hero's storybook as the API shows it, once it exists: the storybook service makes it a moment
 * after the hero completes (until then the API answers 202 without one).
 */
export async function storyBookReady(
  page: ApiClient,
  account: Account,
  heroId: string,
): Promise<StoryBookSummary> {
  let storyBook = null as StoryBookSummary | null;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/heroes/${heroId}/storybook`, {
          headers: account.headers,
        });
        storyBook = ((await response.json()) as { storyBook: StoryBookSummary | null }).storyBook;
        return response.status() === 200 && storyBook !== null;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return storyBook!;
}

/**
 * A worker fixture for data that tests only look at: `build` makes it through the API the first time a
 * test asks for it, once per browser worker, and every test of that worker (whichever file) shares it.
 */
export function madeOncePerWorker<T>(
  build: (api: ApiClient) => Promise<T>,
): [WorkerFixture<() => Promise<T>, PlaywrightWorkerArgs>, { scope: 'worker' }] {
  return [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      let made: Promise<T> | undefined;
      await use(() => (made ??= build({ request })));
      await request.dispose();
    },
    { scope: 'worker' },
  ];
}
