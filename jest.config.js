/** Unit and integration tests of every workspace package (browser tests live in jest.e2e.config.js). */
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
    },
  },
];

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(tsx?|jsx?|mjs)$': swc },
  // scripts/: the CI summary's own tests (their fixture suites run only in the child jest those tests start);
  // bench/: the bench's own helpers (its benchmarks run with `pnpm bench`, never here).
  testMatch: [
    '<rootDir>/{apps,packages}/*/src/**/*.test.ts?(x)',
    '<rootDir>/scripts/*.test.js',
    '<rootDir>/bench/*.test.js',
  ],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/'],
  // The web app's `@/…` alias (apps/web/tsconfig.json), so tested modules may import across its folders.
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/apps/web/src/$1' },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testTimeout: 30000,
  // A timer or connection a suite leaves open must not hold CI until its time limit: a run on 2026-11-24 finished
  // every test (1807 passed) and then hung. A likely cause (the MongoDB claim loop's poll timer) is unref'd; this
  // guards against the next one. Leaks are still looked for with `pnpm exec jest --detectOpenHandles <files>`.
  forceExit: true,
  // Suites that run worker threads or the server use apps/api/dist: always built from the sources under test.
  globalSetup: '<rootDir>/scripts/jest-build-api.js',
  reporters: ['default', ['<rootDir>/scripts/jest-summary-reporter.js', { label: 'unit+integration' }]],
};
