import { formatDuration } from '@/lib/format';
import { formatUptime, weekOverWeek } from './format';

const days = (counts: number[]) => counts.map((count) => ({ count }));

describe('dashboard formatting', () => {
  it('formats durations and uptime', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(420)).toBe('420 ms');
    expect(formatDuration(2500)).toBe('2.5 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
    expect(formatUptime(59)).toBe('0m 59s');
    expect(formatUptime(3 * 3600 + 120)).toBe('3h 2m');
    expect(formatUptime(2 * 86_400 + 3600)).toBe('2d 1h');
  });

  it('compares the last week of feed requests with the one before', () => {
    expect(weekOverWeek(days([...Array(7).fill(1), ...Array(7).fill(2)]))).toEqual({
      value: '+100.0% vs previous 7 days',
      trend: 'up',
    });
    expect(weekOverWeek(days([...Array(7).fill(4), ...Array(7).fill(1)]))?.trend).toBe('down');
    expect(weekOverWeek(days(Array(14).fill(0)))).toBeNull();
    expect(weekOverWeek(days([1, 2]))).toBeNull();
  });
});
