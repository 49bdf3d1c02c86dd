/**
 * npm run soak: runs a command N times with busy loops on some cores, and reports each run (with npm
 * test's closing line and failed tests). Here on a small stand-in command, in a directory of its own.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOAK = fileURLToPath(new URL('./soak.mjs', import.meta.url));

/** Processes of the soak's busy loops now running (their command line names the flag). */
function busyLoops(): number {
  let count = 0;
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (args.includes(SOAK) && args.includes('--busy-loop')) count += 1;
    } catch {
      // The process ended while we looked.
    }
  }
  return count;
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'starborn-soak-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// The stand-in for npm test: counts its runs in a file, notes how many busy loops it saw, writes npm
// test's reports, and fails its first run only.
const STAND_IN = `
const fs = require('node:fs');
const { readdirSync, readFileSync } = fs;
const run = (fs.existsSync('runs') ? Number(fs.readFileSync('runs', 'utf8')) : 0) + 1;
fs.writeFileSync('runs', String(run));
let busy = 0;
for (const pid of readdirSync('/proc').filter((e) => /^\\d+$/.test(e))) {
  try {
    const args = readFileSync('/proc/' + pid + '/cmdline', 'utf8').split('\\0');
    if (args.includes(process.env.SOAK) && args.includes('--busy-loop')) busy += 1;
  } catch {}
}
fs.appendFileSync('busy', busy + '\\n');
fs.mkdirSync('.ci-reports', { recursive: true });
const failed = run === 1;
fs.writeFileSync('.ci-reports/summary.txt', failed ? '2 passed, 1 failed\\n' : '3 passed, 0 failed\\n');
fs.writeFileSync('.ci-reports/failures.txt', failed ? 'jest a.spec.ts: answers in time\\n    Expected: 200\\n' : '');
process.exit(failed ? 1 : 0);
`;

describe('npm run soak', () => {
  it('runs the command N times with the busy loops running, and reports every run', () => {
    const result = spawnSync(
      process.execPath,
      [SOAK, '--runs', '2', '--busy-cores', '1', '--', process.execPath, '-e', STAND_IN],
      { cwd: dir, encoding: 'utf8', env: { ...process.env, SOAK } },
    );

    expect(result.status).toBe(1);
    expect(readFileSync(join(dir, 'runs'), 'utf8')).toBe('2');
    // One busy loop during each run, none left once the soak has ended.
    expect(readFileSync(join(dir, 'busy'), 'utf8')).toBe('1\n1\n');
    expect(busyLoops()).toBe(0);
    expect(result.stdout).toMatch(
      /run 1: FAILED \(exit 1\) in [\d.]+ s \(2 passed, 1 failed\)\n {4}jest a\.spec\.ts: answers in time\n/,
    );
    expect(result.stdout).toMatch(/run 2: passed in [\d.]+ s \(3 passed, 0 failed\)\n/);
    expect(result.stdout).toContain('1 of 2 runs passed');

    const report = JSON.parse(readFileSync(join(dir, '.ci-reports/soak.json'), 'utf8'));
    expect(report).toMatchObject({
      busyCores: 1,
      runs: [
        {
          index: 1,
          exitCode: 1,
          summary: '2 passed, 1 failed',
          failedTests: ['jest a.spec.ts: answers in time'],
        },
        { index: 2, exitCode: 0, summary: '3 passed, 0 failed', failedTests: [] },
      ],
    });
  });

  it('refuses a run count that is not a whole number, before running anything', () => {
    const result = spawnSync(process.execPath, [SOAK, '--runs', 'two', '--', process.execPath, '-e', ''], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--runs takes a whole number');
  });
});
