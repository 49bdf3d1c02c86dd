// npm test: every test runner — Jest (unit and integration on the real PostgreSQL and Redis) with, beside
// it, the build and the type checks (type-level tests included); then, on the built code, Playwright in
// Chromium against the built app and the system suites on the whole stack as real processes — and one
// closing line that sums them all.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { NX_ENV, run, runQuietly } from './lib/run.mjs';
import {
  jestFileTimes,
  overBudgetLines,
  playwrightFileTimes,
  timingMarkdown,
  timingReport,
} from './lib/timing.mjs';

const REPORTS = '.ci-reports';
/** The fuzzing seed npm test replays (any seed that ever found a bug is worth keeping here). */
const FIXED_FUZZ_SEED = '2107489678';
mkdirSync(REPORTS, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const runners = [];
/** Each runner's wall time (seconds), and the test files' times, for .ci-reports/timing.*. */
const runnerTimes = [];
const fileTimes = [];
const ROOT = process.cwd();
const since = (startedAt) => (performance.now() - startedAt) / 1000;

function record(name, counts, exitCode) {
  // A runner that failed without reporting a failed test still failed.
  const failed = counts.failed + (exitCode !== 0 && counts.failed === 0 ? 1 : 0);
  totals.passed += counts.passed;
  totals.failed += failed;
  totals.skipped += counts.skipped;
  runners.push(`${name}: ${counts.passed} passed, ${failed} failed, ${counts.skipped} skipped`);
}

/** Failed tests by name, each with the first lines of its error, for the closing summary. */
const failures = [];
const firstLines = (text, count = 6) =>
  String(text ?? '')
    // eslint-disable-next-line no-control-regex -- terminal colours in the reporters' messages
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, count)
    .map((line) => `    ${line.slice(0, 300)}`)
    .join('\n');

function jestFailures(name, report) {
  for (const file of report?.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed)
      failures.push(`${name} ${file.name}: ${test.fullName}\n${firstLines(test.failureMessages?.[0])}`);
    if (!failed.length && file.status === 'failed')
      failures.push(`${name} ${file.name}\n${firstLines(file.message)}`);
  }
}

function playwrightFailures(suite, trail = []) {
  const here = suite.title ? [...trail, suite.title] : trail;
  for (const spec of suite.specs ?? []) {
    if (spec.ok) continue;
    const error = spec.tests?.flatMap((test) => test.results ?? []).find((result) => result.error)?.error;
    failures.push(`playwright ${[...here, spec.title].join(' › ')}\n${firstLines(error?.message)}`);
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, here);
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

// Jest runs on the sources, so the build (and the type checks on its declarations) need not wait for
// it: they run beside it, in the CPU the integration tests leave idle while they wait on PostgreSQL,
// Redis and their own servers, and their output is shown once Jest is done. Playwright and the
// system suites then run one after the other on the built code: each keeps the machine busy alone.
const jestReport = `${REPORTS}/jest.json`;
rmSync(jestReport, { force: true });
const jestStarted = performance.now();
const [jestExit, built] = await Promise.all([
  run('node', ['node_modules/jest/bin/jest.js', '--json', `--outputFile=${jestReport}`], {
    env: { NODE_OPTIONS: '--experimental-vm-modules --no-warnings=ExperimentalWarning' },
  }),
  buildAndTypecheck(),
]);
runnerTimes.push({ name: 'jest + build', seconds: since(jestStarted) });
const jest = readJson(jestReport);
fileTimes.push(...jestFileTimes(jest, 'jest', ROOT));
jestFailures('jest', jest);
record(
  'jest',
  {
    passed: jest?.numPassedTests ?? 0,
    failed: (jest?.numFailedTests ?? 0) + (jest?.numRuntimeErrorTestSuites ?? 0),
    skipped: (jest?.numPendingTests ?? 0) + (jest?.numTodoTests ?? 0),
  },
  jestExit,
);
process.stdout.write(built.output);

/** The build, then the type checks; resolves with the build's exit code, the checks' and their output. */
async function buildAndTypecheck() {
  const buildRun = await runQuietly('npx', ['nx', 'run-many', '-t', 'build', '--output-style=stream'], {
    env: NX_ENV,
  });
  if (buildRun.code !== 0) return { buildExit: buildRun.code, output: buildRun.output };
  // Type-level tests (`@ts-expect-error` where a compile error is the point: a job on the wrong queue, a
  // socket event with the wrong payload) and the web app's types: Jest strips types, so the compiler
  // runs here, once the libraries' declarations are built; it counts as one test.
  const typecheckRun = await runQuietly(
    'npx',
    ['nx', 'run-many', '-t', 'typecheck', '--output-style=stream'],
    { env: NX_ENV },
  );
  return {
    buildExit: 0,
    typecheckExit: typecheckRun.code,
    output: `${buildRun.output}${typecheckRun.output}`,
  };
}

if (built.buildExit !== 0) {
  record('build', { passed: 0, failed: 1, skipped: 0 }, built.buildExit);
} else {
  const { typecheckExit } = built;
  record('typecheck', { passed: typecheckExit === 0 ? 1 : 0, failed: 0, skipped: 0 }, typecheckExit);
  if (typecheckExit !== 0) failures.push('typecheck: npm run typecheck failed (see its output above)');

  // Playwright, on the built app
  const playwrightReport = `${REPORTS}/playwright.json`;
  rmSync(playwrightReport, { force: true });
  const playwrightStarted = performance.now();
  const playwrightExit = await run('npx', ['playwright', 'test', '-c', 'web/playwright.config.ts']);
  runnerTimes.push({ name: 'playwright', seconds: since(playwrightStarted) });
  const playwright = readJson(playwrightReport);
  fileTimes.push(...playwrightFileTimes(playwright, ROOT));
  const stats = playwright?.stats;
  for (const suite of playwright?.suites ?? []) playwrightFailures(suite);
  record(
    'playwright',
    {
      passed: (stats?.expected ?? 0) + (stats?.flaky ?? 0),
      failed: stats?.unexpected ?? 0,
      skipped: stats?.skipped ?? 0,
    },
    existsSync(playwrightReport) ? playwrightExit : playwrightExit || 1,
  );

  // The system suite: the whole stack as real processes (two gateways, two generation workers), on the
  // build made above (--built: the suite's runner does not build again).
  const systemReport = `${REPORTS}/jest-system.json`;
  rmSync(systemReport, { force: true });
  // npm test replays one fixed fuzzing seed, so a run's verdict does not depend on luck; explore new
  // inputs with `npm run test:system -- fuzz` (a fresh seed each run, printed for replay).
  const systemStarted = performance.now();
  const systemExit = await run(
    'node',
    ['scripts/system/run.mjs', '--built', '--json', `--outputFile=${systemReport}`],
    { env: { FUZZ_SEED: process.env.FUZZ_SEED ?? FIXED_FUZZ_SEED } },
  );
  runnerTimes.push({ name: 'system', seconds: since(systemStarted) });
  const system = readJson(systemReport);
  fileTimes.push(...jestFileTimes(system, 'system', ROOT));
  jestFailures('system', system);
  record(
    'system',
    {
      passed: system?.numPassedTests ?? 0,
      failed: (system?.numFailedTests ?? 0) + (system?.numRuntimeErrorTestSuites ?? 0),
      skipped: system?.numPendingTests ?? 0,
    },
    existsSync(systemReport) ? systemExit : systemExit || 1,
  );
}

// Where the time went (per runner, against its budget; the slowest files), for whoever makes it faster.
const timing = timingReport(runnerTimes, fileTimes);
writeFileSync(`${REPORTS}/timing.json`, `${JSON.stringify(timing, null, 2)}\n`);
writeFileSync(`${REPORTS}/timing.md`, timingMarkdown(timing));
const overBudget = overBudgetLines(timing);
if (overBudget.length)
  console.log(
    `\nOver budget (see ${REPORTS}/timing.md):\n${overBudget.map((line) => `  ${line}`).join('\n')}`,
  );

const summary = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
writeFileSync(`${REPORTS}/summary.txt`, `${summary}\n`);
// The failed tests by name (empty when none), for npm run soak's report.
writeFileSync(`${REPORTS}/failures.txt`, failures.map((failure) => `${failure}\n`).join(''));
// What failed, said again at the end, where a reader of a long log looks first.
if (failures.length) console.log(`\nFailed:\n${failures.map((failure) => `  ${failure}`).join('\n')}`);
console.log(`\n${runners.join('\n')}\n${summary}`);
process.exitCode = totals.failed > 0 ? 1 : 0;
