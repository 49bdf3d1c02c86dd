// Types of timing.mjs for its tests.
export interface FileTime {
  runner: string;
  file: string;
  seconds: number;
}
export interface RunnerTime {
  name: string;
  seconds: number;
}
export interface TimingReport {
  runners: { name: string; seconds: number; budget: number | null; over: boolean }[];
  total: number;
  totalBudget: number;
  overTotal: boolean;
  slowest: FileTime[];
}
export declare const RUNNER_BUDGETS_SECONDS: Readonly<Record<string, number>>;
export declare function jestFileTimes(report: unknown, runner: string, root?: string): FileTime[];
export declare function playwrightFileTimes(report: unknown, root?: string): FileTime[];
export declare function timingReport(
  runners: RunnerTime[],
  files: FileTime[],
  count?: number,
  budgets?: Record<string, number>,
): TimingReport;
export declare function timingMarkdown(report: TimingReport): string;
export declare function overBudgetLines(report: TimingReport): string[];
