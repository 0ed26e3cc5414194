import type { PublicUser } from '@aec/contracts';
import type { AuthState } from './auth-context';

export type AuthAction =
  | { type: 'busy' }
  | { type: 'token'; token: string }
  | { type: 'user'; user: PublicUser }
  | { type: 'fetch-failed'; error: string }
  | { type: 'login-failed'; error: string }
  | { type: 'idle' }
  | { type: 'logout' }
  /** Another tab stored a session of someone else: nothing of the shown user is kept while it is checked. */
  | { type: 'switching'; token: string }
  | { type: 'session-expired'; error: string };

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'busy':
      return { ...state, loading: true, error: null };
    case 'token':
      return { ...state, token: action.token };
    case 'user':
      return { ...state, user: action.user, loading: false, error: null };
    case 'fetch-failed':
      // Spec §4 Session: a failed profile fetch clears the user; the token stays until logout.
      return { ...state, user: null, loading: false, error: action.error };
    case 'login-failed':
      return { ...state, loading: false, error: action.error };
    case 'idle':
      return { ...state, loading: false };
    case 'logout':
      return { user: null, token: null, loading: false, error: null };
    case 'switching':
      return { user: null, token: action.token, loading: true, error: null };
    case 'session-expired':
      // The server refused the token: keeping it would only repeat the refusal on every page load.
      return { user: null, token: null, loading: false, error: action.error };
  }
}
