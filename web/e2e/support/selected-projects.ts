/**
 * Which projects a `playwright test` run can select, read from its command line, so the config starts
 * only the servers those projects need (Playwright 1.65 has no per-project webServer). Unsure → yes.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** CLI options of `playwright test` that take a value as the next argument. */
const OPTIONS_WITH_VALUE = new Set([
  '-c',
  '--config',
  '-g',
  '--grep',
  '--grep-invert',
  '--project',
  '--reporter',
  '-j',
  '--workers',
  '--retries',
  '--timeout',
  '--repeat-each',
  '--shard',
  '--output',
  '--max-failures',
  '--global-timeout',
  '--trace',
  '--tsconfig',
  '--update-snapshots',
  '-u',
]);

interface CommandLine {
  projects: string[];
  files: string[];
}

function parse(argv: string[]): CommandLine | null {
  const at = argv.indexOf('test');
  if (at < 0) return null; // not `playwright test` (a worker, `show-report`…): assume everything
  const projects: string[] = [];
  const files: string[] = [];
  const args = argv.slice(at + 1);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg.startsWith('--project=')) projects.push(arg.slice('--project='.length));
    else if (arg === '--project') projects.push(args[++i] ?? '');
    else if (arg.startsWith('-')) {
      if (!arg.includes('=') && OPTIONS_WITH_VALUE.has(arg)) i++;
    } else files.push(arg.replace(/:\d+(:\d+)?$/, ''));
  }
  return { projects, files };
}

function matches(filter: string, path: string): boolean {
  const normalized = path.replace(/\\/g, '/');
  try {
    if (new RegExp(filter).test(normalized)) return true;
  } catch {
    // not a regular expression: a plain path
  }
  return normalized.includes(filter.replace(/\\/g, '/').replace(/^\.\//, ''));
}

/**
 * Whether `project` (whose test files are those of `testDir` that `owns` accepts) may run: not when
 * --project names others, nor when file filters match none of its files.
 */
export function projectMaySelect(
  project: string,
  testDir: string,
  owns: (file: string) => boolean,
  argv: string[] = process.argv,
): boolean {
  const line = parse(argv);
  if (!line) return true;
  if (line.projects.length > 0 && !line.projects.includes(project)) return false;
  if (line.files.length === 0) return true;
  const files = readdirSync(testDir)
    .filter((name) => name.endsWith('.e2e.ts') && owns(name))
    .map((name) => join(testDir, name));
  return files.some((file) => line.files.some((filter) => matches(filter, file)));
}
