/** A tiny jest run for scripts/ci-summary.test.js: the real reporter over suites that pass, fail and skip. */
const root = require('../../../jest.config.js');

module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: root.transform,
  testMatch: ['<rootDir>/*.fixture.ts'],
  reporters: [['<rootDir>/../../jest-summary-reporter.js', { label: 'fixture' }]],
};
