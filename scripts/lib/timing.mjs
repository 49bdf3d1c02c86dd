// Where npm test's time goes: each runner's wall time against its budget, and the slowest test files
// of every runner, from the reports the runners write. npm test writes the result to
// .ci-reports/timing.json and .ci-reports/timing.md, and prints the lines over budget.

/**
 * Each runner's budget in seconds, on the 2-core machine CI runs on, quiet, after npm install. Their
 * sum is npm test's target (12 minutes). A runner over its budget is reported, never failed: a
 * suite's speed is a figure to watch, not an assertion (docs/testing.md says how to stay within it).
 */
export const RUNNER_BUDGETS_SECONDS = Object.freeze({
  'jest + build': 300,
  playwright: 240,
  system: 180,
});

/** Test files of a Jest JSON report with their wall time, in seconds. */
export function jestFileTimes(report, runner, root = '') {
  return (report?.testResults ?? []).map((file) => ({
    runner,
    file: relative(file.name, root),
    seconds: Math.max(0, (file.endTime - file.startTime) / 1000),
  }));
}

/** Test files of a Playwright JSON report, each with the summed duration of its tests, in seconds. */
export function playwrightFileTimes(report, root = '') {
  const byFile = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      const file = relative(spec.file ?? suite.file ?? '?', root);
      const ms = (spec.tests ?? [])
        .flatMap((test) => test.results ?? [])
        .reduce((sum, result) => sum + (result.duration ?? 0), 0);
      byFile.set(file, (byFile.get(file) ?? 0) + ms);
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report?.suites ?? []) visit(suite);
  const dir = report?.config?.rootDir ? relative(report.config.rootDir, root) : '';
  return [...byFile].map(([file, ms]) => ({
    runner: 'playwright',
    file: dir && !file.startsWith(dir) ? `${dir}/${file}` : file,
    seconds: ms / 1000,
  }));
}

function relative(path, root) {
  const normalRoot = root.replace(/\/+$/, '');
  return normalRoot && path.startsWith(`${normalRoot}/`) ? path.slice(normalRoot.length + 1) : path;
}

/**
 * The timing report: each runner's seconds with its budget and whether it is over, the total against
 * the sum of the budgets, and the `count` slowest files over all runners.
 */
export function timingReport(runners, files, count = 10, budgets = RUNNER_BUDGETS_SECONDS) {
  const rows = runners.map(({ name, seconds }) => {
    const budget = budgets[name] ?? null;
    return { name, seconds: round(seconds), budget, over: budget !== null && seconds > budget };
  });
  const total = round(runners.reduce((sum, runner) => sum + runner.seconds, 0));
  const totalBudget = Object.values(budgets).reduce((sum, seconds) => sum + seconds, 0);
  const slowest = [...files]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map((file) => ({ ...file, seconds: round(file.seconds) }));
  return { runners: rows, total, totalBudget, overTotal: total > totalBudget, slowest };
}

/** The report as Markdown, for a person reading .ci-reports. */
export function timingMarkdown(report) {
  const lines = [
    '# Where npm test spent its time',
    '',
    '| runner | seconds | budget | |',
    '|---|---:|---:|---|',
  ];
  for (const row of report.runners)
    lines.push(`| ${row.name} | ${row.seconds} | ${row.budget ?? '–'} | ${row.over ? 'over budget' : ''} |`);
  lines.push(
    `| total | ${report.total} | ${report.totalBudget} | ${report.overTotal ? 'over budget' : ''} |`,
  );
  lines.push(
    '',
    `## The ${report.slowest.length} slowest test files`,
    '',
    '| seconds | runner | file |',
    '|---:|---|---|',
  );
  for (const file of report.slowest) lines.push(`| ${file.seconds} | ${file.runner} | ${file.file} |`);
  return `${lines.join('\n')}\n`;
}

/** One line per runner over budget (and for the total), for the end of npm test's output. */
export function overBudgetLines(report) {
  const lines = report.runners
    .filter((row) => row.over)
    .map((row) => `${row.name} took ${row.seconds} s, over its budget of ${row.budget} s`);
  if (report.overTotal)
    lines.push(`npm test took ${report.total} s, over its budget of ${report.totalBudget} s`);
  return lines;
}

const round = (seconds) => Math.round(seconds * 10) / 10;
