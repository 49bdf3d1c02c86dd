import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';

// Browser tests drive the built SPA (web/dist) served by the real backend, started by
// scripts/e2e-server.mjs on 127.0.0.1:$E2E_PORT with an isolated database.
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.E2E_PORT ?? '4310';
const baseURL = `http://127.0.0.1:${port}`;

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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
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
});
