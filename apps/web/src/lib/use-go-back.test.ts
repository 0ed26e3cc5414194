import { hasPageBehind } from './use-go-back';

describe('hasPageBehind', () => {
  it('is false for the first entry of a tab, or a state the router did not write', () => {
    expect(hasPageBehind({ usr: null, key: 'default', idx: 0 })).toBe(false);
    expect(hasPageBehind(null)).toBe(false);
    expect(hasPageBehind({})).toBe(false);
    expect(hasPageBehind({ idx: '2' })).toBe(false);
  });

  it('is true once the app has navigated inside the tab', () => {
    expect(hasPageBehind({ usr: null, key: 'abc', idx: 1 })).toBe(true);
  });
});
