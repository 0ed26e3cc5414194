import { friendlyCount } from './friendly-count';

describe('friendlyCount', () => {
  it.each([
    [50_321, '50,000+'],
    [1_234, '1,200+'],
    [3_499, '3,400+'],
    [25_999, '25,000+'],
    [1_259, '1,200+'],
    [123_456_789, '120,000,000+'],
  ])('rounds %p down to %p', (value, expected) => {
    expect(friendlyCount(value)).toBe(expected);
  });

  it('keeps exact figures without a plus', () => {
    expect(friendlyCount(0)).toBe('0');
    expect(friendlyCount(57)).toBe('57');
    expect(friendlyCount(1_200)).toBe('1,200');
    expect(friendlyCount(-3)).toBe('0');
  });
});
