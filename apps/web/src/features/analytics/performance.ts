const integer = new Intl.NumberFormat('en-US');

/** Elements extracted per second of processing; '—' when no job time was recorded. */
export function throughput(elements: number, processingMs: number | null): string {
  if (processingMs === null || processingMs <= 0) return '—';
  return integer.format(Math.round((elements / processingMs) * 1000));
}
