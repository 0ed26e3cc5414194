/** Browser tests: real Chromium (CHROME_PATH, default /usr/bin/chromium) against the built app. */
const base = require('./jest.config.js');

module.exports = {
  ...base,
  testMatch: ['<rootDir>/apps/web/e2e/**/*.e2e.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  testTimeout: 60000,
  maxWorkers: 1,
  reporters: ['default', ['<rootDir>/scripts/jest-summary-reporter.js', { label: 'browser' }]],
};
