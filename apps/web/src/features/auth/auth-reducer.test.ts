import { authReducer } from './auth-reducer';
import type { AuthState } from './auth-context';

const user = { id: '1', username: 'alice', email: 'a@b.co', createdAt: '2026-01-01T00:00:00.000Z' };
const signedIn: AuthState = { user, token: 't', loading: false, error: null };

describe('authReducer', () => {
  it('marks a request in flight and clears the last error', () => {
    expect(authReducer({ ...signedIn, error: 'old' }, { type: 'busy' })).toEqual({
      ...signedIn,
      loading: true,
    });
  });

  it('clears the user but keeps the token when the profile fetch fails', () => {
    const next = authReducer(
      { ...signedIn, loading: true },
      { type: 'fetch-failed', error: 'Failed to fetch user' },
    );
    expect(next).toEqual({ user: null, token: 't', loading: false, error: 'Failed to fetch user' });
  });

  it('keeps an existing user when a login attempt fails', () => {
    const next = authReducer(
      { ...signedIn, loading: true },
      { type: 'login-failed', error: 'Incorrect password' },
    );
    expect(next).toEqual({ ...signedIn, error: 'Incorrect password' });
  });

  it('forgets everything on logout', () => {
    expect(authReducer({ ...signedIn, error: 'x' }, { type: 'logout' })).toEqual({
      user: null,
      token: null,
      loading: false,
      error: null,
    });
  });

  it('forgets the user and token when the server refuses the session, and says why', () => {
    const next = authReducer({ ...signedIn, loading: true }, { type: 'session-expired', error: 'expired' });
    expect(next).toEqual({ user: null, token: null, loading: false, error: 'expired' });
  });

  it('stores the fetched user and stops loading', () => {
    const start: AuthState = { user: null, token: 't', loading: true, error: 'No token' };
    expect(authReducer(start, { type: 'user', user })).toEqual(signedIn);
  });

  it('drops the shown user at once when another tab stores someone else’s session, and checks it', () => {
    expect(authReducer({ ...signedIn, error: 'x' }, { type: 'switching', token: 't2' })).toEqual({
      user: null,
      token: 't2',
      loading: true,
      error: null,
    });
  });
});
