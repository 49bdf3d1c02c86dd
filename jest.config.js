// One Jest config for every workspace: unit tests (*.spec.ts) and integration tests (*.int-spec.ts)
// that talk to the real PostgreSQL and Redis. Sources run untranspiled-by-tsc through SWC, and
// workspace packages resolve to their sources, so `npm test` needs no build step for Jest.
const swcConfig = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true, tsx: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    target: 'es2022',
    keepClassNames: true,
    // JSON modules are imported `with { type: 'json' }`; the attribute must reach Node.
    experimental: { keepImportAttributes: true },
  },
  module: { type: 'es6' },
  sourceMaps: 'inline',
};

/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  roots: [
    '<rootDir>/libs',
    '<rootDir>/services',
    '<rootDir>/web/src',
    '<rootDir>/bench',
    '<rootDir>/deploy',
    '<rootDir>/scripts',
  ],
  testMatch: ['**/*.spec.ts', '**/*.spec.tsx', '**/*.int-spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/bench/.baseline/'],
  modulePathIgnorePatterns: ['<rootDir>/bench/.baseline/'],
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    // A few dependencies ship ESM that CommonJS packages require(); Node 20.19+ allows that, Jest does not,
    // so those files are compiled to CommonJS for the test run.
    '/node_modules/(content-disposition)/.+\\.js$': ['@swc/jest', { module: { type: 'commonjs' } }],
    '^.+\\.(t|j)sx?$': ['@swc/jest', swcConfig],
  },
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition)/)'],
  moduleNameMapper: {
    '^@starborn/(gateway|auth|heroes|generation|payments|storybook|rooms)$':
      '<rootDir>/services/$1/src/index.ts',
    '^@starborn/([a-z-]+)$': '<rootDir>/libs/$1/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testTimeout: 30000,
  maxWorkers: 2,
  // Jest in ESM mode keeps each test file's module graph in the worker that ran it (15 to 35 MB a
  // file here), so a worker ended the run holding over a gigabyte, and freeing that as it exited took
  // longer than the half second Jest allows: Jest force-exited workers whose event loop was already
  // empty. A worker past this much heap after a file is replaced before its next one.
  workerIdleMemoryLimit: '384MB',
};
