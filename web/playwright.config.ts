import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';
import { projectMaySelect } from './e2e/support/selected-projects';

// Browser tests drive the built SPA (web/dist) served by the real backend, started by
// scripts/e2e-server.mjs on 127.0.0.1:$E2E_PORT with an isolated database.
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.E2E_PORT ?? '4310';
const baseURL = `http://127.0.0.1:${port}`;
// The `stripe` project runs against a second server with PAYMENTS_PROVIDER=stripe, pointed at a fake
// Stripe API on loopback (see scripts/e2e-server.mjs); its tests reach that fake through
// E2E_STRIPE_API_PORT. Each server starts only when the run can select its project's tests.
const stripePort = process.env.E2E_STRIPE_PORT ?? String(Number(port) + 50);
const stripeBaseURL = `http://127.0.0.1:${stripePort}`;
process.env.E2E_STRIPE_API_PORT ??= String(Number(port) + 51);
const stripeTests = '**/checkout-stripe.e2e.ts';
const isStripeTest = (file: string) => file === 'checkout-stripe.e2e.ts';
const testDir = fileURLToPath(new URL('./e2e', import.meta.url));
const needsMainServer = projectMaySelect('chromium', testDir, (file) => !isStripeTest(file));
const needsStripeServer = projectMaySelect('stripe', testDir, isStripeTest);
type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>[number];
/** The servers of the projects this run can select. */
const webServers = (servers: (WebServer | false)[]): WebServer[] =>
  servers.filter((server): server is WebServer => server !== false);

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  outputDir: `${repoRoot}test-results/playwright`,
  reporter: [['list'], ['json', { outputFile: `${repoRoot}.ci-reports/playwright.json` }]],
  use: {
    baseURL,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    // The pages' decorative motion (stars, nebula, orbit) keeps a headless browser compositing every frame
    // in software, most of a core per browser on this 2-core machine. The tests see the pages as people
    // who ask for reduced motion do (same layout, no decoration moving); web/e2e/idle.e2e.ts turns motion
    // back on to measure what it costs.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] },
  },
  projects: [
    { name: 'chromium', testIgnore: stripeTests },
    { name: 'stripe', testMatch: stripeTests, use: { baseURL: stripeBaseURL } },
  ],
  webServer: webServers([
    needsMainServer && {
      // E2E_SERVER_COMMAND lets a developer point the tests at another server; the default is the real one.
      command: process.env.E2E_SERVER_COMMAND ?? 'node scripts/e2e-server.mjs',
      cwd: repoRoot,
      url: `${baseURL}/api/health`,
      timeout: 180_000,
      env: { E2E_PORT: port },
      reuseExistingServer: false,
      // SIGTERM lets the server drop its test database and Redis keys before it exits.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      stdout: 'pipe',
      stderr: 'pipe',
    },
    needsStripeServer && {
      // The same backend with the `stripe` provider and a fake Stripe API (for the `stripe` project).
      command: process.env.E2E_STRIPE_SERVER_COMMAND ?? 'node scripts/e2e-server.mjs',
      cwd: repoRoot,
      url: `${stripeBaseURL}/api/health`,
      timeout: 180_000,
      env: {
        E2E_PORT: stripePort,
        E2E_PAYMENTS_PROVIDER: 'stripe',
        E2E_STRIPE_API_PORT: process.env.E2E_STRIPE_API_PORT!,
      },
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ]),
});
