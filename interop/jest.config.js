/** `pnpm test:interop`: our product checked against real peers (FerretDB, IfcOpenShell, Olingo, ts-odatajs). */
const root = require('../jest.config.js');

module.exports = {
  rootDir: '..',
  testEnvironment: 'node',
  transform: root.transform,
  moduleFileExtensions: root.moduleFileExtensions,
  testMatch: ['<rootDir>/interop/**/*.interop.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/\\.venv/'],
  // Tools are prepared once (API bundle, FerretDB, IfcOpenShell venv, Olingo jar) before any suite loads.
  globalSetup: '<rootDir>/interop/support/global-setup.ts',
  // Each suite runs its own API server doing CPU-bound IFC extraction: on 2 cores, one suite at a time.
  maxWorkers: 1,
  testTimeout: 120000,
  verbose: true,
  reporters: [
    'default',
    ['<rootDir>/scripts/jest-summary-reporter.js', { label: 'interop' }],
    '<rootDir>/interop/support/closing-line-reporter.js',
  ],
};
