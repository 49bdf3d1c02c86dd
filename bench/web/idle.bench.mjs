// A page at rest does no work: once a public page has loaded and settled, with no input and its
// decorative motion running (as most visitors see it), the share of 10 seconds its main thread spends
// on the CPU (Chrome's own count, ThreadTime, read through the DevTools protocol: CPU time, so other
// processes on the machine count little). Target: at most 1 % on each page. The baseline, in the same
// browser and run, is an empty page (about:blank) measured the same way; each page's figure carries its
// ratio to it. The layouts and style recalculations over the same seconds are reported beside (a page
// at rest does none).
//
// The browser tests (web/e2e/idle.e2e.ts) check what is exact about rest on every page, signed-in ones
// too: no animation shorter than a minute runs, no layout happens, and reduced motion stops them all.
//
// Run from the repo root, after `npx nx run @starborn/gateway:build` (or the build `npm run bench` does):
//   node bench/web/idle.bench.mjs
// It builds the web app first; BENCH_WEB_DIST names an already built web/dist to serve instead;
// BENCH_IDLE_RUNS (default 3) sets the runs per page (the figure is their median). Writes
// bench/results/idle.json and prints a table. A page over target is reported as FAIL; timing never
// fails the run.
import { chromium } from '@playwright/test';
import os from 'node:os';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { textTable, writeResult } from '../lib/harness.mjs';
import { BenchStack } from '../lib/stack.mjs';
import { median } from '../lib/stats.mjs';
import { webDist } from '../lib/web-dist.mjs';

const PAGES = [
  { path: '/', name: 'landing' },
  { path: '/blog/zodiac-hero-archetypes', name: 'blog article' },
  { path: '/zodiac-guide', name: 'zodiac guide' },
];
const QUIET_SECONDS = 10;
const TARGET_SHARE = 0.01;
const RUNS = Math.max(1, Number(process.env.BENCH_IDLE_RUNS ?? 3));

const stack = new BenchStack('idle');
const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The page's main thread over the next QUIET_SECONDS: CPU share, layouts and style recalculations. */
async function atRest(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
  const read = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return Object.fromEntries(metrics.map((metric) => [metric.name, metric.value]));
  };
  const before = await read();
  await page.waitForTimeout(QUIET_SECONDS * 1000);
  const after = await read();
  await cdp.detach();
  return {
    share: (after.ThreadTime - before.ThreadTime) / (after.Timestamp - before.Timestamp),
    layouts: after.LayoutCount - before.LayoutCount,
    styleRecalcs: after.RecalcStyleCount - before.RecalcStyleCount,
  };
}

/** One measured visit: a fresh page with motion on, loaded, settled, then left alone. */
async function visit(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'no-preference',
  });
  const page = await context.newPage();
  try {
    await page.goto(url);
    if (url !== 'about:blank') {
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page.waitForTimeout(1_000);
    }
    return await atRest(page);
  } finally {
    await context.close();
  }
}

async function main() {
  const loadBefore = os.loadavg()[0];
  const dist = await webDist();
  const base = await stack.startGatewayAlone(dist);

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
  const rows = [];
  try {
    const measure = async (name, url) => {
      const runs = [];
      for (let run = 0; run < RUNS; run++) runs.push(await visit(browser, url));
      stack.throwIfFailed();
      return {
        name,
        url,
        share: median(runs.map((run) => run.share)),
        layouts: median(runs.map((run) => run.layouts)),
        styleRecalcs: median(runs.map((run) => run.styleRecalcs)),
        runs,
      };
    };
    const baseline = await measure('empty page (baseline)', 'about:blank');
    rows.push(baseline);
    for (const page of PAGES) rows.push(await measure(page.name, `${base}${page.path}`));
  } finally {
    await browser.close();
  }
  const [baseline, ...pages] = rows;
  const figures = pages.flatMap((page) => [
    {
      figure: `${page.name} ${new URL(page.url).pathname} at rest: main thread busy`,
      value: round(page.share * 100),
      unit: '% of 10 s',
      target: { max: TARGET_SHARE * 100, unit: '% of 10 s' },
      pass: page.share <= TARGET_SHARE,
      ratios: { 'empty page': baseline.share > 0 ? round(page.share / baseline.share) : null },
    },
    {
      figure: `${page.name} ${new URL(page.url).pathname} at rest: layouts and style recalculations`,
      value: page.layouts + page.styleRecalcs,
      unit: 'in 10 s',
      target: null,
      pass: null,
      ratios: null,
    },
  ]);
  const result = {
    bench: 'web',
    title: 'Public pages at rest: main-thread CPU over 10 quiet seconds, motion on',
    date: new Date().toISOString(),
    machine: await stack.machineInfo({
      loadAverage1mBefore: round(loadBefore),
      loadAverage1mAfter: round(os.loadavg()[0]),
    }),
    config: {
      quietSeconds: QUIET_SECONDS,
      runsPerPage: RUNS,
      viewport: '1280×800',
      chromeFlags: CHROMIUM_FLAGS,
    },
    figures: [
      {
        figure: 'empty page (about:blank) at rest: main thread busy (baseline)',
        value: round(baseline.share * 100, 3),
        unit: '% of 10 s',
        target: null,
        pass: null,
        ratios: null,
      },
      ...figures,
    ],
    pages: rows,
    notes: [
      `Median of ${RUNS} visits per page; each loads the page in a fresh context, waits for its heading, ` +
        `the network, the fonts and one more second, then reads Chrome's ThreadTime over ${QUIET_SECONDS} s.`,
    ],
  };
  console.log(
    textTable(
      ['page', 'busy %', 'vs empty page', 'layouts', 'style recalcs', 'verdict'],
      rows.map((row, index) => [
        row.name,
        round(row.share * 100, 3),
        index === 0 || baseline.share === 0 ? '' : `${round(row.share / baseline.share)}×`,
        row.layouts,
        row.styleRecalcs,
        index === 0 ? '' : row.share <= TARGET_SHARE ? 'PASS' : 'FAIL',
      ]),
    ),
  );
  console.log(`Wrote ${await writeResult('idle', result)}`);
}

stack.run(main);
