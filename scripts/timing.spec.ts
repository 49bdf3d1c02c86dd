/** npm test's timing report: runner times against budgets, and the slowest files of every runner. */
import {
  jestFileTimes,
  overBudgetLines,
  playwrightFileTimes,
  RUNNER_BUDGETS_SECONDS,
  timingMarkdown,
  timingReport,
} from './lib/timing.mjs';

const jest = {
  testResults: [
    { name: '/repo/services/rooms/src/rooms.int-spec.ts', startTime: 1_000, endTime: 91_000 },
    { name: '/repo/libs/zodiac/src/zodiac.spec.ts', startTime: 0, endTime: 1_500 },
  ],
};
const playwright = {
  config: { rootDir: '/repo/web/e2e' },
  suites: [
    {
      file: 'rooms.e2e.ts',
      specs: [
        { file: 'rooms.e2e.ts', tests: [{ results: [{ duration: 20_000 }, { duration: 5_000 }] }] },
        { file: 'rooms.e2e.ts', tests: [{ results: [{ duration: 10_000 }] }] },
      ],
      suites: [{ specs: [{ file: 'rooms.e2e.ts', tests: [{ results: [{ duration: 1_000 }] }] }] }],
    },
    {
      file: 'wizard.e2e.ts',
      specs: [{ file: 'wizard.e2e.ts', tests: [{ results: [{ duration: 4_000 }] }] }],
    },
  ],
};

describe('npm test timing', () => {
  it('reads each Jest file’s wall time, relative to the repository', () => {
    expect(jestFileTimes(jest, 'jest', '/repo')).toEqual([
      { runner: 'jest', file: 'services/rooms/src/rooms.int-spec.ts', seconds: 90 },
      { runner: 'jest', file: 'libs/zodiac/src/zodiac.spec.ts', seconds: 1.5 },
    ]);
    expect(jestFileTimes(undefined, 'jest')).toEqual([]);
  });

  it('sums each Playwright file’s tests, retries and nested describes included', () => {
    expect(playwrightFileTimes(playwright, '/repo')).toEqual([
      { runner: 'playwright', file: 'web/e2e/rooms.e2e.ts', seconds: 36 },
      { runner: 'playwright', file: 'web/e2e/wizard.e2e.ts', seconds: 4 },
    ]);
  });

  it('sets runners against their budgets, the total against their sum, and lists the slowest files', () => {
    const files = [...jestFileTimes(jest, 'jest', '/repo'), ...playwrightFileTimes(playwright, '/repo')];
    const report = timingReport(
      [
        { name: 'jest + build', seconds: 200 },
        { name: 'playwright', seconds: 500.04 },
        { name: 'system', seconds: 100 },
      ],
      files,
      3,
    );
    expect(report.runners).toEqual([
      { name: 'jest + build', seconds: 200, budget: RUNNER_BUDGETS_SECONDS['jest + build'], over: false },
      { name: 'playwright', seconds: 500, budget: RUNNER_BUDGETS_SECONDS.playwright, over: true },
      { name: 'system', seconds: 100, budget: RUNNER_BUDGETS_SECONDS.system, over: false },
    ]);
    expect(report.totalBudget).toBe(720);
    expect(report.overTotal).toBe(true);
    expect(report.slowest.map((file) => file.file)).toEqual([
      'services/rooms/src/rooms.int-spec.ts',
      'web/e2e/rooms.e2e.ts',
      'web/e2e/wizard.e2e.ts',
    ]);
    expect(overBudgetLines(report)).toEqual([
      `playwright took 500 s, over its budget of ${RUNNER_BUDGETS_SECONDS.playwright} s`,
      'npm test took 800 s, over its budget of 720 s',
    ]);
    const markdown = timingMarkdown(report);
    expect(markdown).toContain('| playwright | 500 | 240 | over budget |');
    expect(markdown).toContain('| 90 | jest | services/rooms/src/rooms.int-spec.ts |');
  });

  it('reports nothing over budget when every runner is within it', () => {
    const report = timingReport([{ name: 'system', seconds: 10 }], []);
    expect(overBudgetLines(report)).toEqual([]);
  });
});
