#!/usr/bin/env node
// .ci/run's closing summary. `record LABEL PASSED FAILED SKIPPED [REASON]` appends a result line for a step that is
// not a jest run (a skipped step must give its reason); `print` reads every line of $TEST_SUMMARY_FILE, prints one
// line per run, one "skipped: <check> — <reason>" line per check that did not run, then the totals, and exits 1
// when anything failed or when no result was recorded at all.
const fs = require('node:fs');

function parseLines(text) {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l));
}

/** The summary's text and exit code for the recorded lines. */
function summarize(lines) {
  const out = [];
  const total = { passed: 0, failed: 0, skipped: 0 };
  const skipLines = [];
  for (const l of lines) {
    out.push(`${l.label}: ${l.passed} passed, ${l.failed} failed, ${l.skipped} skipped`);
    total.passed += l.passed;
    total.failed += l.failed;
    total.skipped += l.skipped;
    for (const s of l.skips ?? []) {
      const count = s.tests > 1 ? ` (${s.tests} tests)` : '';
      const check = s.check === l.label ? l.label : `${l.label}: ${s.check}`;
      skipLines.push(`skipped: ${check} — ${s.reason}${count}`);
    }
    if (l.skipped > 0 && !(l.skips ?? []).length) skipLines.push(`skipped: ${l.label} — no reason given`);
  }
  out.push(...skipLines);
  if (lines.length === 0) out.push('no results were recorded: nothing can be counted as passed');
  out.push(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  return { text: out.join('\n'), exitCode: total.failed > 0 || lines.length === 0 ? 1 : 0 };
}

/** A result line for a step; a skipped step without a reason is refused, so every skip says why. */
function recordLine(label, passed, failed, skipped, reason) {
  const line = { label, passed: Number(passed), failed: Number(failed), skipped: Number(skipped ?? 0) };
  if (line.skipped > 0) {
    if (!reason) throw new Error(`record ${label}: a skipped step needs its reason`);
    line.skips = [{ check: label, reason, tests: line.skipped }];
  }
  return line;
}

function main(argv) {
  const file = process.env.TEST_SUMMARY_FILE;
  if (!file) throw new Error('TEST_SUMMARY_FILE is not set');
  const [command, ...args] = argv;
  if (command === 'record') {
    const [label, passed, failed, skipped, ...reason] = args;
    fs.appendFileSync(
      file,
      `${JSON.stringify(recordLine(label, passed, failed, skipped, reason.join(' ')))}\n`,
    );
    return 0;
  }
  if (command === 'print') {
    const { text, exitCode } = summarize(
      parseLines(fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''),
    );
    console.log(text);
    return exitCode;
  }
  throw new Error(`usage: ci-summary.js record LABEL PASSED FAILED [SKIPPED REASON] | print`);
}

if (require.main === module) process.exit(main(process.argv.slice(2)));

module.exports = { summarize, recordLine, parseLines };
