import { fileURLToPath } from 'node:url';
import {
  gzipBytes,
  LANDING_JS_BUDGET_BYTES,
  landingChunkKeys,
  measureLanding,
  readManifest,
  SIGNED_IN_SCREENS,
  type LandingMeasure,
} from '../scripts/landing-js.mjs';
import { expect, test } from './fixtures';

// The landing page's JavaScript, from the build the server serves (web/dist, built before the browser
// tests run, or the WEB_DIST_DIR the test server was given): what the Vite manifest says / needs, and
// what a real load of / fetches.
const dist = process.env.WEB_DIST_DIR ?? fileURLToPath(new URL('../dist/', import.meta.url));
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const breakdown = (measure: LandingMeasure) =>
  measure.chunks.map((chunk) => `${chunk.file}: ${kB(chunk.gzip)} gzip (${kB(chunk.bytes)})`).join('\n');

test('the landing loads no signed-in screen: each is a lazy chunk of its own, not among the landing’s', () => {
  const measure = measureLanding(dist);
  expect(measure.signedIn, breakdown(measure)).toEqual([]);
});

test(`the landing route's JavaScript stays within its ${kB(LANDING_JS_BUDGET_BYTES)} gzip budget`, () => {
  const measure = measureLanding(dist);
  expect(
    measure.gzipTotal,
    `${kB(measure.gzipTotal)} gzip over ${measure.chunks.length} chunks:\n${breakdown(measure)}`,
  ).toBeLessThanOrEqual(LANDING_JS_BUDGET_BYTES);
});

test('a visitor’s load of / fetches exactly the JavaScript the manifest walk counts', async ({ page }) => {
  const manifest = readManifest(dist);
  const counted = new Set(landingChunkKeys(manifest).map((key) => `/${manifest[key]!.file}`));
  const signedInFiles = new Set(
    SIGNED_IN_SCREENS.flatMap((screen) => (manifest[screen] ? [`/${manifest[screen].file}`] : [])),
  );
  const scripts = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('.js')) scripts.set(pathname, response.body());
  });

  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your Personalized Fantasy Story' }),
  ).toBeVisible();
  // The menu answers: the page is interactive with what it loaded.
  await page.setViewportSize({ width: 600, height: 800 });
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const fetched = [...scripts.keys()].sort();
  expect(fetched.filter((file) => signedInFiles.has(file))).toEqual([]);
  // Nothing fetched that the walk misses (a lazy chunk loaded at once, say), nothing counted unfetched.
  expect(fetched).toEqual([...counted].sort());

  const bodies = await Promise.all(scripts.values());
  const fetchedGzip = bodies.reduce((sum, body) => sum + gzipBytes(body), 0);
  expect(fetchedGzip).toBe(measureLanding(dist).gzipTotal);
});
