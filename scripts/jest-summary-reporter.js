// Appends one JSON line per jest run to $TEST_SUMMARY_FILE: totals, and every test that did not run grouped by the
// check it belongs to with the reason its title carries (tools/test-support/skip-with-reason.ts). .ci/run's summary
// (scripts/ci-summary.js) prints them as "skipped: <check> — <reason>", so a check that did not run is never
// mistaken for one that passed.
const fs = require('node:fs');

// Same mark as SKIPPED_MARK in tools/test-support/skip-with-reason.ts (a .ts module cannot be required from here).
const SKIPPED_MARK = ' — skipped: ';
const NOT_RUN = new Set(['pending', 'skipped', 'todo', 'disabled']);

/** The check a test that did not run stands for, and why: from the first title (outermost first) with the mark. */
function skipOf(assertion) {
  const titles = [...assertion.ancestorTitles, assertion.title];
  for (let i = 0; i < titles.length; i++) {
    const at = titles[i].indexOf(SKIPPED_MARK);
    if (at >= 0) {
      const check = [...titles.slice(0, i), titles[i].slice(0, at)].join(' › ');
      return { check, reason: titles[i].slice(at + SKIPPED_MARK.length) };
    }
  }
  return { check: titles.join(' › '), reason: 'no reason given' };
}

/** One summary line from jest's aggregated results (exported for the summary's own test). */
function summaryLine(label, results) {
  const skips = new Map();
  for (const file of results.testResults) {
    for (const assertion of file.testResults) {
      if (!NOT_RUN.has(assertion.status)) continue;
      const { check, reason } = skipOf(assertion);
      const key = `${check}\u0000${reason}`;
      const entry = skips.get(key) ?? { check, reason, tests: 0 };
      entry.tests += 1;
      skips.set(key, entry);
    }
  }
  return {
    label,
    passed: results.numPassedTests,
    failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
    skipped: results.numPendingTests + results.numTodoTests,
    skips: [...skips.values()],
  };
}

class SummaryReporter {
  constructor(_globalConfig, options = {}) {
    this.label = options.label ?? 'tests';
  }

  onRunComplete(_contexts, results) {
    const file = process.env.TEST_SUMMARY_FILE;
    if (!file) return;
    fs.appendFileSync(file, `${JSON.stringify(summaryLine(this.label, results))}\n`);
  }
}

module.exports = SummaryReporter;
module.exports.summaryLine = summaryLine;
module.exports.SKIPPED_MARK = SKIPPED_MARK;
