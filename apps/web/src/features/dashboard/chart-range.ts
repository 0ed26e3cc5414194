/** Spec §4 Visitors chart range: 90, 30 or 7 days back from a reference date. */
export const CHART_RANGES = [
  { value: '90d', label: 'Last 3 months', days: 90 },
  { value: '30d', label: 'Last 30 days', days: 30 },
  { value: '7d', label: 'Last 7 days', days: 7 },
] as const;

export type ChartRange = (typeof CHART_RANGES)[number]['value'];

export function isChartRange(value: string): value is ChartRange {
  return CHART_RANGES.some((range) => range.value === value);
}

/** YYYY-MM-DD of `date` minus `days` whole days (UTC, so no daylight-saving drift). */
export function isoDaysBefore(date: string, days: number): string {
  const start = new Date(`${date}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - days);
  return start.toISOString().slice(0, 10);
}

/** Keeps the points dated from (reference minus N days) onward; ISO dates compare as text. */
export function filterByRange<T extends { date: string }>(
  points: readonly T[],
  range: ChartRange,
  referenceDate: string,
): T[] {
  const days = CHART_RANGES.find((option) => option.value === range)?.days ?? 90;
  const start = isoDaysBefore(referenceDate, days);
  return points.filter((point) => point.date >= start);
}
