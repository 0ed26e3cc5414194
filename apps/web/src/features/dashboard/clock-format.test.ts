import { clockParts } from './clock-format';

describe('clockParts', () => {
  it('gives time with seconds, the long date and the zone', () => {
    const at = new Date('2024-06-30T13:05:09Z');
    expect(clockParts(at, 'en-US', 'UTC')).toEqual({
      time: '01:05:09 PM',
      date: 'Sunday, June 30, 2024',
      timeZone: 'UTC',
    });
    // The zone, not the machine's, decides the calendar day near midnight.
    const late = new Date('2024-06-30T20:00:00Z');
    expect(clockParts(late, 'en-US', 'Asia/Tokyo').date).toBe('Monday, July 1, 2024');
  });
});
