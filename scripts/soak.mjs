// npm run soak -- [--runs N] [--busy-cores K] -- <command...>
// Runs a test command N times in a row (default 10) while K busy loops (default 1) keep that many cores
// occupied, as a slower or shared CI machine would, and reports how many runs passed, which failed and
// how long each took (with npm test: each run's closing line and failed tests, also in
// .ci-reports/soak.json). Flaky tests show up here; fix them at their cause, never by retrying.
//   npm run soak -- -- node scripts/system/run.mjs fuzz
//   npm run soak -- --runs 3 -- npx playwright test -c web/playwright.config.ts web/e2e/rooms.e2e.ts
import { fork } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { run } from './lib/run.mjs';

/** What npm test leaves in .ci-reports: its closing line and the failed tests by name. */
const REPORTS = '.ci-reports';
const SUMMARY = `${REPORTS}/summary.txt`;
const FAILURES = `${REPORTS}/failures.txt`;

/** A report file's text when the run that just ended wrote it, else undefined (another command's). */
function writtenSince(file, sinceMs) {
  try {
    return statSync(file).mtimeMs >= sinceMs ? readFileSync(file, 'utf8').trim() : undefined;
  } catch {
    return undefined;
  }
}

if (process.argv[2] === '--busy-loop') {
  // The child: spin until the parent stops it.
  for (;;) Math.sqrt(Math.random());
}

const args = process.argv.slice(2);
const split = args.indexOf('--');
const options = split === -1 ? args : args.slice(0, split);
const command = split === -1 ? [] : args.slice(split + 1);
const option = (name, fallback) => {
  const at = options.indexOf(name);
  const value = at === -1 ? fallback : Number(options[at + 1]);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`soak: ${name} takes a whole number`);
    process.exit(2);
  }
  return value;
};
const runs = option('--runs', 10);
const busyCores = option('--busy-cores', 1);
if (command.length === 0) {
  console.error('usage: npm run soak -- [--runs N] [--busy-cores K] -- <command...>');
  process.exit(2);
}

const self = fileURLToPath(import.meta.url);
const busy = Array.from({ length: busyCores }, () => fork(self, ['--busy-loop'], { stdio: 'ignore' }));
const stopBusy = () => busy.forEach((child) => child.kill('SIGKILL'));
process.on('exit', stopBusy);
// Stopped by Ctrl-C or kill: the busy loops go too ('exit' runs on process.exit, not on a signal's default).
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

const results = [];
for (let index = 1; index <= runs; index++) {
  console.log(`\n== soak run ${index}/${runs}: ${command.join(' ')} (${busyCores} busy core(s))`);
  const started = Date.now();
  const exitCode = await run(command[0], command.slice(1));
  const failures = writtenSince(FAILURES, started);
  results.push({
    index,
    exitCode,
    seconds: (Date.now() - started) / 1000,
    summary: writtenSince(SUMMARY, started),
    // Each failure's first line names the test; the lines after it are its error.
    failedTests: failures ? failures.split('\n').filter((line) => line && !line.startsWith(' ')) : [],
  });
}
stopBusy();

const failed = results.filter((result) => result.exitCode !== 0);
const seconds = results.map((result) => result.seconds);
console.log(`\nsoak: ${command.join(' ')} with ${busyCores} busy core(s)`);
for (const result of results) {
  console.log(
    `  run ${result.index}: ${result.exitCode === 0 ? 'passed' : `FAILED (exit ${result.exitCode})`} in ${result.seconds.toFixed(1)} s` +
      (result.summary ? ` (${result.summary})` : ''),
  );
  for (const test of result.failedTests) console.log(`    ${test}`);
}
console.log(
  `${runs - failed.length} of ${runs} runs passed; fastest ${Math.min(...seconds).toFixed(1)} s, slowest ${Math.max(...seconds).toFixed(1)} s`,
);
mkdirSync(REPORTS, { recursive: true });
writeFileSync(
  `${REPORTS}/soak.json`,
  `${JSON.stringify({ command, busyCores, runs: results, date: new Date().toISOString() }, null, 2)}\n`,
);
process.exitCode = failed.length ? 1 : 0;
