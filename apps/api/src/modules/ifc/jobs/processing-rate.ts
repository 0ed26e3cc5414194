import type { ProcessingRate } from '@aec/contracts';

/**
 * Until the server has finished jobs of its own: the README's `pnpm bench ifc` figure (1,075,186 rows — 153,342
 * products and 921,844 property values — ready in 11.9 s, about 90,000 rows/s) and the start-up (worker thread,
 * web-ifc, the publish) `pnpm bench estimates` measured on the 15 shared sample models: 0.3–0.9 s upload → ready
 * on an idle machine, median 0.42 s (a guessed 1.5 s before, which put the cold estimate 2–5× too high).
 */
export const DEFAULT_ROWS_PER_SECOND = 90_000;
export const DEFAULT_STARTUP_MS = 500;
/** Below this many rows a job's time is mostly start-up, so it measures start-up and not the rate. */
export const SMALL_JOB_ROWS = 20_000;

export type FinishedJobSample = { rows: number; durationMs: number };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Start-up from the small jobs' median time, rate from the large jobs' rows over their time past start-up. */
export function processingRateFrom(samples: FinishedJobSample[]): ProcessingRate {
  const usable = samples.filter((s) => s.durationMs > 0 && s.rows >= 0);
  const small = usable.filter((s) => s.rows < SMALL_JOB_ROWS);
  const large = usable.filter((s) => s.rows >= SMALL_JOB_ROWS);
  const startupMs = small.length ? median(small.map((s) => s.durationMs)) : DEFAULT_STARTUP_MS;
  const workMs = large.reduce((sum, s) => sum + Math.max(s.durationMs - startupMs, s.durationMs / 10), 0);
  const rowsPerSecond = large.length
    ? (large.reduce((sum, s) => sum + s.rows, 0) / workMs) * 1000
    : DEFAULT_ROWS_PER_SECOND;
  return { rowsPerSecond, startupMs, jobs: usable.length, source: usable.length ? 'measured' : 'default' };
}
