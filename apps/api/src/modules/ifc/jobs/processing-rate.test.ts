import { DEFAULT_ROWS_PER_SECOND, DEFAULT_STARTUP_MS, processingRateFrom } from './processing-rate';

describe('processingRateFrom', () => {
  it('falls back to the documented bench figures without finished jobs', () => {
    expect(processingRateFrom([])).toEqual({
      rowsPerSecond: DEFAULT_ROWS_PER_SECOND,
      startupMs: DEFAULT_STARTUP_MS,
      jobs: 0,
      source: 'default',
    });
  });

  it('measures start-up on small jobs and the rate on large ones', () => {
    const rate = processingRateFrom([
      { rows: 100, durationMs: 900 },
      { rows: 5000, durationMs: 1100 },
      { rows: 200, durationMs: 1000 },
      { rows: 500_000, durationMs: 11_000 }, // 10 s past start-up
      { rows: 1_500_000, durationMs: 31_000 }, // 30 s past start-up
    ]);
    expect(rate).toEqual({ rowsPerSecond: 50_000, startupMs: 1000, jobs: 5, source: 'measured' });
  });

  it('falls back to a start-up within 2× of what the shared sample models measure', () => {
    // `pnpm bench estimates` on an idle machine: the 15 shared samples' rows (scanned) and upload → ready times.
    const samples = [
      [572, 400],
      [4932, 500],
      [530, 400],
      [166, 400],
      [267, 300],
      [20, 300],
      [188, 300],
      [7862, 600],
      [7889, 900],
      [47, 500],
      [500, 400],
      [3956, 800],
      [5529, 700],
      [577, 500],
      [202, 400],
    ].map(([rows, durationMs]) => ({ rows: rows!, durationMs: durationMs! }));
    const measured = processingRateFrom(samples).startupMs;
    expect(DEFAULT_STARTUP_MS).toBeGreaterThanOrEqual(measured / 2);
    expect(DEFAULT_STARTUP_MS).toBeLessThanOrEqual(measured * 2);
  });
});
