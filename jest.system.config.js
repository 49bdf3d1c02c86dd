// The system suites (`npm run test:system`): the whole stack as real processes from the built dist
// (scripts/system/harness.ts), one suite file at a time. Same transform and module mapping as the
// unit and integration tests (jest.config.js).
import base from './jest.config.js';

/** @type {import('jest').Config} */
export default {
  ...base,
  roots: ['<rootDir>/scripts/system'],
  testMatch: ['**/*.system-spec.ts'],
  // Each suite file starts its own stack of processes: one at a time on a small machine.
  maxWorkers: 1,
  testTimeout: 60_000,
};
