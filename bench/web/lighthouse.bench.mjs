// Lighthouse on the public pages, as a visitor's phone would meet them: the built gateway serves the
// built web app (web/dist) on 127.0.0.1 as in production, and Lighthouse (npm) drives Chromium with its
// mobile preset and simulated throttling (its defaults: a mid-range phone on a slow 4G network) over
// the landing page, a blog article and the zodiac guide. Each page is loaded once to warm the gateway,
// then RUNS times; each figure is the median of those runs: the performance and accessibility scores,
// Largest and First Contentful Paint, Total Blocking Time and Cumulative Layout Shift. Targets: performance
// ≥ 95, accessibility 100 and LCP ≤ 1.5 s on each page. The accessibility audits that did not pass, the
// LCP element and the render-blocking requests are printed (and kept in the json) to say why.
//
// Run from the repo root, after `npx nx run @starborn/gateway:build` (or the build `npm run bench` does):
//   node bench/web/lighthouse.bench.mjs
// It builds the web app first; BENCH_WEB_DIST names an already built web/dist to serve instead.
// BENCH_LIGHTHOUSE_RUNS (default 3) sets the runs per page, CHROMIUM_PATH the browser (Debian's by
// default, with the flags every tool here uses: scripts/lib/chromium.mjs), BENCH_LIGHTHOUSE_REPORTS a
// folder for every run's full Lighthouse report (json).
// The gateway runs alone on a database, Redis prefix and temp dir of its own, removed at the end. Writes
// bench/results/lighthouse.json and prints a table. A page under target is reported as FAIL; timing
// never fails the run.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { textTable, writeResult } from '../lib/harness.mjs';
import { webDist } from '../lib/web-dist.mjs';
import { BenchStack } from '../lib/stack.mjs';
import { median } from '../lib/stats.mjs';

const PAGES = [
  { path: '/', name: 'landing' },
  { path: '/blog/zodiac-hero-archetypes', name: 'blog article' },
  { path: '/zodiac-guide', name: 'zodiac guide' },
];
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const TARGETS = { performance: 95, accessibility: 100, lcpMs: 1_500 };
const REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;

const stack = new BenchStack('lighthouse');
const log = (line) => process.stderr.write(`${line}\n`);
const round = (value, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * One Lighthouse run of `url` (mobile preset, simulated throttling) in a Chromium of its own. A run whose
 * trace Lighthouse could not read (it says so in runtimeError, e.g. NO_NAVSTART) is run again, twice at most.
 */
async function lighthouseRun(url, attempts = 3) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_FLAGS] });
  let lhr;
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result?.lhr) throw new Error(`Lighthouse gave no report for ${url}`);
    lhr = result.lhr;
  } finally {
    await chrome.kill();
  }
  if (!lhr.runtimeError) return lhr;
  const problem = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  if (attempts <= 1) throw new Error(`Lighthouse on ${url}: ${problem}`);
  log(`  run again (${problem})`);
  return lighthouseRun(url, attempts - 1);
}

/** What one report says: the figures, and why (failed accessibility audits, LCP element, blocking requests). */
function readReport(lhr) {
  const audit = (id) => lhr.audits[id];
  const failedAccessibility = lhr.categories.accessibility.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => audit(ref.id))
    .filter((item) => item && item.score !== null && item.score < 1)
    .map((item) => ({
      id: item.id,
      title: item.title,
      elements: (item.details?.items ?? [])
        .map((entry) => entry.node?.selector ?? entry.node?.snippet)
        .filter(Boolean)
        .slice(0, 5),
    }));
  // Lighthouse 13 names the LCP element in its LCP breakdown insight.
  const lcpElement = audit('lcp-breakdown-insight')?.details?.items?.find((item) => item.type === 'node');
  const renderBlocking = (audit('render-blocking-insight')?.details?.items ?? [])
    .map((entry) => entry.url)
    .filter(Boolean);
  return {
    performance: round(lhr.categories.performance.score * 100),
    accessibility: round(lhr.categories.accessibility.score * 100),
    lcpMs: round(audit('largest-contentful-paint').numericValue),
    fcpMs: round(audit('first-contentful-paint').numericValue),
    tbtMs: round(audit('total-blocking-time').numericValue),
    cls: round(audit('cumulative-layout-shift').numericValue, 3),
    failedAccessibility,
    lcpElement: lcpElement ? (lcpElement.selector ?? lcpElement.snippet) : null,
    renderBlocking,
    lighthouseVersion: lhr.lighthouseVersion,
    // Lighthouse's measure of this machine's CPU speed while it ran: simulated timings follow it.
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

async function measurePage(base, page) {
  const url = `${base}${page.path}`;
  log(`${page.name} (${page.path}): warm-up, then ${RUNS} run(s)`);
  await lighthouseRun(url);
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    stack.throwIfFailed();
    const lhr = await lighthouseRun(url);
    if (REPORTS_DIR) {
      const slug = page.path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'landing';
      writeFileSync(path.join(REPORTS_DIR, `${slug}-${i + 1}.json`), JSON.stringify(lhr));
    }
    const report = readReport(lhr);
    runs.push(report);
    log(
      `  run ${i + 1}: performance ${report.performance}, accessibility ${report.accessibility}, ` +
        `LCP ${report.lcpMs} ms, FCP ${report.fcpMs} ms, TBT ${report.tbtMs} ms, CLS ${report.cls}`,
    );
  }
  const med = (key) => median(runs.map((entry) => entry[key]));
  const figures = {
    performance: med('performance'),
    accessibility: med('accessibility'),
    lcpMs: med('lcpMs'),
    fcpMs: med('fcpMs'),
    tbtMs: med('tbtMs'),
    cls: med('cls'),
  };
  const checks = {
    performance: figures.performance >= TARGETS.performance,
    accessibility: figures.accessibility >= TARGETS.accessibility,
    lcp: figures.lcpMs <= TARGETS.lcpMs,
  };
  // Why: every failed accessibility audit seen in any run, the LCP element and blocking requests of the last.
  const failedAccessibility = [
    ...new Map(runs.flatMap((entry) => entry.failedAccessibility).map((item) => [item.id, item])).values(),
  ];
  const last = runs.at(-1);
  return {
    ...page,
    url: page.path,
    runs,
    figures,
    checks,
    pass: Object.values(checks).every(Boolean),
    failedAccessibility,
    lcpElement: last.lcpElement,
    renderBlocking: last.renderBlocking.map((entry) => entry.replace(base, '')),
    lighthouseVersion: last.lighthouseVersion,
  };
}

async function main() {
  const loadBefore = os.loadavg()[0];
  const dist = await webDist();
  if (REPORTS_DIR) mkdirSync(REPORTS_DIR, { recursive: true });

  // The gateway alone: the public pages need nothing behind it.
  const base = await stack.startGatewayAlone(dist);
  const chromeVersion = await browserVersion();

  const pages = [];
  for (const page of PAGES) pages.push(await measurePage(base, page));
  stack.throwIfFailed();
  const { lighthouseVersion } = pages[0];
  const benchmarkIndex = median(pages.flatMap((page) => page.runs.map((entry) => entry.benchmarkIndex)));

  const machine = await stack.machineInfo({
    loadAverage1mBefore: round(loadBefore, 2),
    loadAverage1mAfter: round(os.loadavg()[0], 2),
  });
  const figures = pages.flatMap((page) => {
    const label = `Lighthouse mobile, ${page.name} ${page.path}`;
    const { figures: value, checks } = page;
    return [
      {
        figure: `${label}: performance`,
        value: value.performance,
        unit: '/100',
        target: { min: TARGETS.performance, unit: '/100' },
        pass: checks.performance,
        ratios: null,
      },
      {
        figure: `${label}: accessibility`,
        value: value.accessibility,
        unit: '/100',
        target: { min: TARGETS.accessibility, unit: '/100' },
        pass: checks.accessibility,
        ratios: null,
      },
      {
        figure: `${label}: Largest Contentful Paint`,
        value: value.lcpMs,
        unit: 'ms',
        target: { max: TARGETS.lcpMs, unit: 'ms' },
        pass: checks.lcp,
        ratios: null,
      },
      {
        figure: `${label}: First Contentful Paint`,
        value: value.fcpMs,
        unit: 'ms',
        target: null,
        pass: null,
        ratios: null,
      },
      {
        figure: `${label}: Total Blocking Time`,
        value: value.tbtMs,
        unit: 'ms',
        target: null,
        pass: null,
        ratios: null,
      },
      {
        figure: `${label}: Cumulative Layout Shift`,
        value: value.cls,
        unit: '',
        target: null,
        pass: null,
        ratios: null,
      },
    ];
  });
  const result = {
    bench: 'web',
    title: 'Lighthouse, mobile preset, on the public pages served by the gateway',
    date: new Date().toISOString(),
    machine,
    config: {
      lighthouse: lighthouseVersion,
      chromium: chromeVersion,
      preset: 'mobile (Lighthouse default), simulated throttling',
      runsPerPage: RUNS,
      benchmarkIndex,
      chromeFlags: CHROMIUM_FLAGS,
      targets: TARGETS,
    },
    figures,
    pages: pages.map(({ runs, ...page }) => ({ ...page, runs })),
    notes: [
      `Median of ${RUNS} Lighthouse ${lighthouseVersion} run(s) per page after one warm-up, ${chromeVersion}, ` +
        'mobile preset with simulated throttling; the gateway serves the built web app on loopback. ' +
        `Simulated timings follow the machine's CPU speed and load (Lighthouse's benchmark index here: ${benchmarkIndex}).`,
      ...pages.map(
        (page) =>
          `${page.path}: ${page.pass ? 'PASS' : 'FAIL'}` +
          (page.pass
            ? ''
            : ` (${Object.entries(page.checks)
                .filter(([, ok]) => !ok)
                .map(([name]) => name)
                .join(', ')})`) +
          (page.lcpElement ? `; LCP element ${page.lcpElement}` : '') +
          (page.failedAccessibility.length
            ? `; accessibility audits failed: ${page.failedAccessibility.map((item) => item.id).join(', ')}`
            : '') +
          (page.renderBlocking.length ? `; render-blocking: ${page.renderBlocking.join(', ')}` : ''),
      ),
    ],
  };

  console.log(
    textTable(
      ['page', 'performance', 'accessibility', 'LCP ms', 'FCP ms', 'TBT ms', 'CLS', 'verdict'],
      pages.map((page) => [
        page.path,
        page.figures.performance,
        page.figures.accessibility,
        page.figures.lcpMs,
        page.figures.fcpMs,
        page.figures.tbtMs,
        page.figures.cls,
        page.pass ? 'PASS' : 'FAIL',
      ]),
    ),
  );
  for (const page of pages) {
    for (const item of page.failedAccessibility)
      console.log(`${page.path}: ${item.id} (${item.title}): ${item.elements.join(' | ')}`);
    if (page.lcpElement) console.log(`${page.path}: LCP element ${page.lcpElement}`);
    if (page.renderBlocking.length)
      console.log(`${page.path}: render-blocking ${page.renderBlocking.join(', ')}`);
  }
  console.log(
    `\nTargets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, ` +
      `LCP ≤ ${TARGETS.lcpMs} ms (medians of ${RUNS} runs)`,
  );
  console.log(`Wrote ${await writeResult('lighthouse', result)}`);
}

/** The browser's own version line (e.g. 'Chromium 140.0.7339.185'). */
async function browserVersion() {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_FLAGS] });
  try {
    const response = await fetch(`http://127.0.0.1:${chrome.port}/json/version`);
    return (await response.json()).Browser?.replace('/', ' ') ?? 'Chromium';
  } finally {
    await chrome.kill();
  }
}

stack.run(main);
