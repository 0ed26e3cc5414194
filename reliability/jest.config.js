/** `pnpm test:reliability`: load, crash, limits and fuzz against the built server (bounded in count and time). */
const base = require('../jest.config.js');

module.exports = {
  ...base,
  rootDir: '..',
  testMatch: ['<rootDir>/reliability/**/*.reliability.ts'],
  testTimeout: 240000,
  // The suites drive the built server; they import only the workspace's pure libraries (the model generator).
  moduleNameMapper: { '^@aec/(.*)$': '<rootDir>/packages/$1/src' },
  maxWorkers: 1,
  reporters: ['default', ['<rootDir>/scripts/jest-summary-reporter.js', { label: 'reliability' }]],
};
