import type { Page } from '@playwright/test';
import {
  expect,
  premiumHero,
  signInWith,
  signUpViaApi,
  storyBookReady,
  test,
  type Account,
  type StoredSession,
} from './fixtures';

/**
 * A page at rest does no work: decorative motion (stars, nebula, orbits) runs on the compositor and
 * iterates once a minute at most, so once a page has loaded and settled it leaves the main thread alone;
 * under `prefers-reduced-motion` none of it runs. These tests check that on each page, signed-in ones
 * too, and note the main thread's share of 10 quiet seconds (Chrome's own CPU count) beside the result.
 * That share is a speed figure, held to its 1 % target by the idle bench (bench/web/idle.bench.mjs),
 * not asserted here: CPU time varies with what else the machine runs.
 */

const QUIET_SECONDS = 10;
/** The shortest iteration of an animation running on a page at rest. */
const MIN_ITERATION_MS = 60_000;

/** The share of the next `seconds` the page's main thread spends on the CPU. */
async function mainThreadBusyShare(page: Page, seconds: number): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
  const cpuSeconds = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const read = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? NaN;
    return { cpu: read('ThreadTime'), at: read('Timestamp') };
  };
  const before = await cpuSeconds();
  await page.waitForTimeout(seconds * 1000);
  const after = await cpuSeconds();
  await cdp.detach();
  return (after.cpu - before.cpu) / (after.at - before.at);
}

/** The animations running on the page, each with the length of one iteration. */
async function runningAnimations(page: Page): Promise<{ name: string; iterationMs: number }[]> {
  return page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation) => animation.playState === 'running')
      .map((animation) => ({
        name: (animation as CSSAnimation).animationName ?? 'script animation',
        iterationMs: Number(animation.effect?.getComputedTiming().duration ?? 0),
      })),
  );
}

/** Loads the page and lets it settle: fonts, images and the first data requests. */
async function openAndSettle(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // A moment for what the load itself scheduled (lazy chunks, a first animation frame).
  await page.waitForTimeout(1_000);
}

const heading = (name: RegExp | string) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

interface Owner {
  account: Account & { session: StoredSession };
  heroId: string;
  roomId: string;
}

// A trace records the screen as it changes, which is work of its own on the page's main thread.
test.use({ trace: 'off', screenshot: 'off' });

test.describe('a page at rest', () => {
  test.describe.configure({ mode: 'serial' });
  let owner: Owner;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await browser.newPage();
    const account = await signUpViaApi(page, 'idle-owner', 'Vega Stillwater');
    const heroId = await premiumHero(page, account, 'Quiet Comet', '1991-07-21');
    await storyBookReady(page, account, heroId);
    const room = await page.request.post('/api/shared-story/create', {
      headers: account.headers,
      data: { heroId },
    });
    expect(room.ok(), await room.text()).toBe(true);
    const { roomId } = (await room.json()) as { roomId: string };
    owner = { account, heroId, roomId };
    await page.close();
  });

  const pages: {
    name: string;
    path: () => string;
    signedIn: boolean;
    ready: (page: Page) => Promise<void>;
  }[] = [
    { name: 'the landing page', path: () => '/', signedIn: false, ready: heading(/./) },
    {
      name: 'a blog article',
      path: () => '/blog/zodiac-hero-archetypes',
      signedIn: false,
      ready: heading('Zodiac Hero Archetypes'),
    },
    {
      name: 'the hero page',
      path: () => `/hero/${owner.heroId}`,
      signedIn: true,
      ready: heading('Quiet Comet'),
    },
    {
      name: 'a shared story room',
      path: () => `/shared-story/${owner.roomId}`,
      signedIn: true,
      ready: async (page) => {
        await expect(page.getByRole('log').or(page.getByTestId('room-messages')).first()).toBeVisible();
      },
    },
  ];

  for (const { name, path, signedIn, ready } of pages) {
    test(`${name} at rest runs no animation shorter than a minute, before and after ${QUIET_SECONDS} quiet seconds`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      // With its decorative motion running, as most people see it (the suite's default is reduced motion).
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      if (signedIn) await signInWith(page, owner.account.session);
      await openAndSettle(page, path(), ready);
      // Chrome wakes the main thread at each iteration's end of a running CSS animation to dispatch its
      // event (React listens for every event type): decorative animations iterate once a minute at most.
      const running = await runningAnimations(page);
      expect(running.filter((animation) => animation.iterationMs < MIN_ITERATION_MS)).toEqual([]);
      const busy = await mainThreadBusyShare(page, QUIET_SECONDS);
      test.info().annotations.push({ type: 'main-thread busy', description: `${(busy * 100).toFixed(2)} %` });
      // Still so after the quiet seconds: nothing started a short animation in the meantime.
      const after = await runningAnimations(page);
      expect(after.filter((animation) => animation.iterationMs < MIN_ITERATION_MS)).toEqual([]);
    });
  }

  test('decorative motion stops under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openAndSettle(page, '/', heading(/./));
    expect(await runningAnimations(page)).toEqual([]);
  });
});
