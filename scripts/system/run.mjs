// npm run test:system: builds the services (the system suites run the built dist, never the sources),
// then runs the system suites (*.system-spec.ts) with Jest. Extra arguments go to Jest, e.g.
//   npm run test:system -- -t 'socket events'
//   npm run test:system -- --json --outputFile=.ci-reports/jest-system.json
// `--built` skips the build, for a caller that has just built everything (npm test).
import { NX_ENV, run } from '../lib/run.mjs';

const built = process.argv.includes('--built');
const jestArgs = process.argv.slice(2).filter((arg) => arg !== '--built');
if (!built) {
  const buildExit = await run(
    'npx',
    ['nx', 'run-many', '-t', 'build', '--exclude=web', '--output-style=stream'],
    { env: NX_ENV },
  );
  if (buildExit !== 0) {
    console.error('test:system: the build failed; no system suite ran.');
    process.exit(buildExit);
  }
}
process.exitCode = await run(process.execPath, [
  '--experimental-vm-modules',
  '--no-warnings=ExperimentalWarning',
  'node_modules/jest/bin/jest.js',
  '-c',
  'jest.system.config.js',
  ...jestArgs,
]);
