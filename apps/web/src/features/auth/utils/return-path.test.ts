import { returnPath } from './return-path';

describe('returnPath', () => {
  it('returns to the guarded page with its query and hash', () => {
    expect(returnPath({ from: { pathname: '/app', search: '?tab=1', hash: '#top' } }, '/dashboard')).toBe(
      '/app?tab=1#top',
    );
  });

  it('keeps an encoded query exactly as it was', () => {
    expect(
      returnPath({ from: { pathname: '/app/docs/overview', search: '?tab=odata&x=%C3%A9' } }, '/d'),
    ).toBe('/app/docs/overview?tab=odata&x=%C3%A9');
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
    { from: { pathname: '/signup', search: '?x=1' } },
    // Browsers read a backslash as a slash: '/\\evil.example' would leave the origin.
    { from: { pathname: '/\\evil.example/path' } },
    { from: { pathname: '/\\/evil.example' } },
    { from: { pathname: '/app', search: '?x=1\n' } },
    { from: { pathname: '/app\u0000' } },
  ])('falls back for %j', (state) => {
    expect(returnPath(state, '/dashboard')).toBe('/dashboard');
  });
});
