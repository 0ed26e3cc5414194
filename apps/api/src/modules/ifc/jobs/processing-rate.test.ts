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
});
