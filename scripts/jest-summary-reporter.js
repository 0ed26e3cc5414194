// Appends one JSON line of totals per jest run to $TEST_SUMMARY_FILE (used by .ci/run to print its closing line).
const fs = require('node:fs');

class SummaryReporter {
  constructor(globalConfig, options = {}) {
    this.label = options.label ?? 'tests';
  }

  onRunComplete(_contexts, results) {
    const file = process.env.TEST_SUMMARY_FILE;
    if (!file) return;
    const line = {
      label: this.label,
      passed: results.numPassedTests,
      failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
      skipped: results.numPendingTests + results.numTodoTests,
    };
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  }
}

module.exports = SummaryReporter;
