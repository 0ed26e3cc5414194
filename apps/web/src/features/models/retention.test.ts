import { describeRetention, parseRetention } from './retention';

describe('the retention setting', () => {
  it('keeps every version when asked to', () => {
    expect(parseRetention('all', 'anything')).toEqual({ ok: true, value: null });
  });

  it('takes a whole number of versions from 1 to 100, spaces around it ignored', () => {
    expect(parseRetention('last', ' 3 ')).toEqual({ ok: true, value: 3 });
    expect(parseRetention('last', '100')).toEqual({ ok: true, value: 100 });
  });

  it('refuses anything else with a sentence saying what is allowed', () => {
    for (const text of ['', '0', '101', '2.5', '-1', 'three', '1e2']) {
      expect(parseRetention('last', text)).toEqual({
        ok: false,
        error: 'Enter a whole number of versions from 1 to 100',
      });
    }
  });

  it('says what the current setting keeps', () => {
    expect(describeRetention(null)).toBe('Every version is kept.');
    expect(describeRetention(1)).toBe('Only the latest version of each model is kept.');
    expect(describeRetention(5)).toBe('The last 5 versions of each model are kept.');
  });
});
