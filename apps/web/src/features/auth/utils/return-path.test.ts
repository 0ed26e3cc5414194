import { returnPath } from './return-path';

describe('returnPath', () => {
  it('returns to the guarded page with its query and hash', () => {
    expect(returnPath({ from: { pathname: '/app', search: '?tab=1', hash: '#top' } }, '/dashboard')).toBe(
      '/app?tab=1#top',
    );
  });

  it.each([
    null,
    undefined,
    {},
    { from: null },
    { from: { pathname: 42 } },
    { from: { pathname: 'https://evil.example/' } },
    { from: { pathname: '//evil.example/path' } },
    { from: { pathname: '/login' } },
  ])('falls back for %j', (state) => {
    expect(returnPath(state, '/dashboard')).toBe('/dashboard');
  });
});
