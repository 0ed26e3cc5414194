import { filterByRange, isChartRange, isoDaysBefore } from './chart-range';
import { buildVisitorSample, VISITORS_REFERENCE_DATE, visitorSample } from './data/visitors-sample';

describe('visitor sample series', () => {
  it('covers 2024-04-01 to 2024-06-30, one point a day, identically on every build', () => {
    expect(visitorSample).toHaveLength(91);
    expect(visitorSample[0]?.date).toBe('2024-04-01');
    expect(visitorSample.at(-1)?.date).toBe('2024-06-30');
    expect(buildVisitorSample()).toEqual(visitorSample);
    expect(new Set(visitorSample.map((p) => p.date)).size).toBe(91);
    for (const point of visitorSample) {
      expect(point.desktop).toBeGreaterThan(0);
      expect(point.mobile).toBeGreaterThan(0);
    }
  });
});

describe('filterByRange', () => {
  it('keeps points from the reference date minus N days onward', () => {
    expect(filterByRange(visitorSample, '90d', VISITORS_REFERENCE_DATE)).toHaveLength(91);
    const month = filterByRange(visitorSample, '30d', VISITORS_REFERENCE_DATE);
    expect(month).toHaveLength(31);
    expect(month[0]?.date).toBe('2024-05-31');
    const week = filterByRange(visitorSample, '7d', VISITORS_REFERENCE_DATE);
    expect(week.map((p) => p.date)).toEqual([
      '2024-06-23',
      '2024-06-24',
      '2024-06-25',
      '2024-06-26',
      '2024-06-27',
      '2024-06-28',
      '2024-06-29',
      '2024-06-30',
    ]);
  });

  it('counts days across month and year ends in UTC', () => {
    expect(isoDaysBefore('2024-03-01', 1)).toBe('2024-02-29');
    expect(isoDaysBefore('2025-01-03', 7)).toBe('2024-12-27');
  });

  it('recognises only the three ranges', () => {
    expect(['90d', '30d', '7d', '1y', ''].map(isChartRange)).toEqual([true, true, true, false, false]);
  });
});
