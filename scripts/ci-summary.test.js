// The closing summary of .ci/run: a check that did not run is listed as skipped with its reason, never counted
// as passed; a failure or an empty record fails the run. Runs the real reporter in a child jest on fixture suites.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { summarize, recordLine, parseLines } = require('./ci-summary');

const ROOT = path.resolve(__dirname, '..');
const SUMMARY = path.join(__dirname, 'ci-summary.js');

function runFixtureJest(summaryFile) {
  return spawnSync(
    process.execPath,
    [require.resolve('jest/bin/jest'), '-c', path.join(__dirname, 'test-fixtures/skips/jest.config.js')],
    { cwd: ROOT, env: { ...process.env, TEST_SUMMARY_FILE: summaryFile }, encoding: 'utf8' },
  );
}

describe('.ci/run summary', () => {
  let dir;
  let file;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ci-summary-'));
    file = path.join(dir, 'summary.jsonl');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('lists every skipped jest check with its reason and counts none of them as passed', () => {
    const jest = runFixtureJest(file);
    expect(jest.status).toBe(1); // the fixture has a failing test
    const [line] = parseLines(fs.readFileSync(file, 'utf8'));
    expect(line).toMatchObject({ label: 'fixture', passed: 2, failed: 1, skipped: 3 });
    expect(line.skips).toEqual(
      expect.arrayContaining([
        {
          check: 'MongoDB store contract',
          reason: 'no MongoDB-compatible server: set TEST_MONGODB_URI',
          tests: 1,
        },
        { check: 'limits › disk full answers 507', reason: 'cannot mount a tmpfs here (not root)', tests: 1 },
        { check: 'a bare skip', reason: 'no reason given', tests: 1 },
      ]),
    );
    expect(line.skips).toHaveLength(3);

    const printed = spawnSync(process.execPath, [SUMMARY, 'print'], {
      env: { ...process.env, TEST_SUMMARY_FILE: file },
      encoding: 'utf8',
    });
    expect(printed.status).toBe(1);
    const out = printed.stdout.split('\n');
    expect(out).toContain(
      'skipped: fixture: MongoDB store contract — no MongoDB-compatible server: set TEST_MONGODB_URI',
    );
    expect(out).toContain(
      'skipped: fixture: limits › disk full answers 507 — cannot mount a tmpfs here (not root)',
    );
    expect(out).toContain('skipped: fixture: a bare skip — no reason given');
    expect(out).toContain('2 passed, 1 failed, 3 skipped');
  });

  it('records a skipped step with its reason, refuses one without, and passes only when nothing failed', () => {
    const env = { ...process.env, TEST_SUMMARY_FILE: file };
    const record = (...args) =>
      spawnSync(process.execPath, [SUMMARY, 'record', ...args], { env, encoding: 'utf8' });
    expect(record('lint', '1', '0').status).toBe(0);
    expect(
      record('dependency audit', '0', '0', '1', 'the registry\'s audit endpoint did not answer "here"')
        .status,
    ).toBe(0);
    expect(record('contract check: accounts', '0', '0', '1').status).not.toBe(0);

    const { text, exitCode } = summarize(parseLines(fs.readFileSync(file, 'utf8')));
    expect(text.split('\n')).toEqual([
      'lint: 1 passed, 0 failed, 0 skipped',
      'dependency audit: 0 passed, 0 failed, 1 skipped',
      'skipped: dependency audit — the registry\'s audit endpoint did not answer "here"',
      '1 passed, 0 failed, 1 skipped',
    ]);
    expect(exitCode).toBe(0);
  });

  it('fails when nothing was recorded, and on any failure', () => {
    expect(summarize([]).exitCode).toBe(1);
    expect(summarize([recordLine('build', 0, 1)]).exitCode).toBe(1);
    expect(summarize([recordLine('build', 1, 0)]).exitCode).toBe(0);
  });
});
