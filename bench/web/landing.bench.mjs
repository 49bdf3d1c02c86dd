// The landing page's JavaScript: what a visitor's browser fetches before / is interactive (the entry
// chunk, its static imports, and the landing screen's chunk when it is a lazy route), each chunk
// gzipped at level 9, against the 100 kB budget. The chunks come from the built app's Vite manifest,
// walked by web/scripts/landing-js.mjs (the browser test web/e2e/landing-budget.e2e.ts checks the walk
// against a real load of /).
//
// Run from the repo root: node bench/web/landing.bench.mjs (it builds the web app first; BENCH_WEB_DIST
// names an already built web/dist to measure instead). Writes bench/results/web.json and prints the
// chunks. Over the budget is reported as FAIL; it does not fail the run.
import os from 'node:os';
import { LANDING_SCREEN, measureLanding } from '../../web/scripts/landing-js.mjs';
import { machineInfo, textTable, writeResult } from '../lib/harness.mjs';
import { webDist } from '../lib/web-dist.mjs';

const kB = (bytes) => Math.round(bytes / 10) / 100;

async function main() {
  const loadBefore = os.loadavg()[0];
  const dist = await webDist();
  const measure = measureLanding(dist);
  const budgetKb = kB(measure.budget);
  const pass = measure.withinBudget && measure.signedIn.length === 0;

  const result = {
    bench: 'web',
    title: 'Landing page JavaScript (web/dist)',
    date: new Date().toISOString(),
    machine: {
      ...machineInfo(),
      loadAverage1mBefore: Math.round(loadBefore * 100) / 100,
      loadAverage1mAfter: Math.round(os.loadavg()[0] * 100) / 100,
    },
    config: { landingScreen: LANDING_SCREEN, gzipLevel: 9 },
    figures: [
      {
        figure: `landing route /: JavaScript loaded before interactive, gzip (${measure.chunks.length} chunks)`,
        value: kB(measure.gzipTotal),
        unit: 'kB',
        target: { max: budgetKb, unit: 'kB' },
        pass,
        ratios: null,
      },
      {
        figure: 'landing route /: the same JavaScript, uncompressed (as the gateway serves it)',
        value: kB(measure.bytesTotal),
        unit: 'kB',
        target: null,
        pass: null,
        ratios: null,
      },
      ...measure.chunks.map((chunk) => ({
        figure: `landing chunk ${chunk.file.replace(/^assets\//, '')}, gzip`,
        value: kB(chunk.gzip),
        unit: 'kB',
        target: null,
        pass: null,
        ratios: null,
      })),
    ],
    chunks: measure.chunks,
    signedInScreensOnLanding: measure.signedIn,
    notes: [
      `kB are 1,000 bytes, as Vite reports them. ${pass ? 'Within' : 'Over'} the ${budgetKb} kB budget` +
        (measure.signedIn.length
          ? `; signed-in screens on the landing: ${measure.signedIn.map((s) => s.screen).join(', ')}`
          : '; no signed-in screen among the chunks') +
        '.',
    ],
  };

  console.log(
    textTable(
      ['chunk', 'bytes', 'gzip'],
      [
        ...measure.chunks.map((chunk) => [chunk.file, chunk.bytes, chunk.gzip]),
        ['total', measure.bytesTotal, measure.gzipTotal],
      ],
    ),
  );
  console.log(
    `\nLanding JavaScript: ${kB(measure.gzipTotal)} kB gzip, budget ${budgetKb} kB: ${pass ? 'PASS' : 'FAIL'}`,
  );
  if (measure.signedIn.length) console.log('Signed-in screens on the landing:', measure.signedIn);
  console.log(`Wrote ${await writeResult('web', result)}`);
}

main().catch((error) => {
  process.stderr.write(`web bench failed: ${error.stack ?? error.message}\n`);
  process.exitCode = 1;
});
