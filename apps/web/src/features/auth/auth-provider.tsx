import type { PublicUser, RegisterRequest } from '@aec/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { describeApiError, getErrorMessage } from '@/lib/api-error';
import { setAuthToken, setSessionRejectedHandler } from '@/lib/auth-token';
import { AuthContext, type AuthState } from './auth-context';
import { authReducer } from './auth-reducer';
import { forgetCachedData } from './forget-cached-data';
import { SESSION_EXPIRED_MESSAGE } from './session-messages';
import { reportSessionChangedElsewhere } from './session-elsewhere';
import { storedSessionChange } from './session-owner';
import { readStoredToken, readToken, TOKEN_STORAGE_KEY, writeToken } from './token-storage';

/** The requests load on first use: a visitor who never signs in never downloads the HTTP client. */
const requests = () =>
  Promise.all([import('@/lib/api/current-user'), import('./api/login'), import('./api/register')]).then(
    ([me, login, register]) => ({
      getMe: me.getMe,
      loginWithPassword: login.loginWithPassword,
      registerUser: register.registerUser,
    }),
  );

function initialState(): AuthState {
  const token = readToken();
  // Set before any child renders: children's effects run before this provider's effects.
  setAuthToken(token);
  return { user: null, token, loading: token !== null, error: null };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(authReducer, undefined, initialState);
  // No query key names the user: the cache is emptied whenever the user changes (see forget-cached-data.ts).
  const queryClient = useQueryClient();
  // The token a request was sent with; an answer for an older token (after logout) is dropped.
  const tokenRef = useRef(state.token);
  // The user this tab's pages show, to tell a session another tab stored apart from a new login of the same user.
  const userIdRef = useRef<string | null>(null);
  useEffect(() => {
    userIdRef.current = state.user?.id ?? null;
  }, [state.user]);

  // Whether storage holds the token this tab uses (read from it at load, or written and read back): only then does
  // its absence later mean that another tab signed out.
  const storedRef = useRef(state.token !== null);

  const storeToken = useCallback((token: string | null) => {
    tokenRef.current = token;
    storedRef.current = writeToken(token) && token !== null;
    setAuthToken(token);
  }, []);

  const fetchMe = useCallback(async (): Promise<PublicUser | null> => {
    const token = tokenRef.current;
    if (!token) {
      dispatch({ type: 'fetch-failed', error: 'No token' });
      return null;
    }
    dispatch({ type: 'busy' });
    try {
      const { user } = await (await requests()).getMe();
      if (tokenRef.current !== token) return null;
      dispatch({ type: 'user', user });
      return user;
    } catch (error) {
      if (tokenRef.current !== token) return null;
      dispatch({ type: 'fetch-failed', error: describeApiError(error).serverText ?? 'Failed to fetch user' });
      return null;
    }
  }, []);

  const login = useCallback(
    async (username: string, password: string): Promise<PublicUser> => {
      dispatch({ type: 'busy' });
      try {
        const { token } = await (await requests()).loginWithPassword({ username, password });
        storeToken(token);
        // The login page shows no one's data, so everything can go, whoever was here before.
        queryClient.clear();
        dispatch({ type: 'token', token });
      } catch (error) {
        dispatch({ type: 'login-failed', error: getErrorMessage(error) });
        throw error;
      }
      const user = await fetchMe();
      if (!user) throw new Error('Failed to fetch user');
      return user;
    },
    [fetchMe, storeToken, queryClient],
  );

  const logout = useCallback(() => {
    storeToken(null);
    forgetCachedData(queryClient);
    dispatch({ type: 'logout' });
  }, [storeToken, queryClient]);

  useEffect(() => {
    // Any request refused with 401 for the held token (GET /mongo/user/me on load, or later) ends the session once.
    // The page on screen keeps its answers, the refusal included, so the profile card can show its session card;
    // the next login empties the cache.
    setSessionRejectedHandler(() => {
      storeToken(null);
      queryClient.removeQueries({ type: 'inactive' });
      dispatch({ type: 'session-expired', error: SESSION_EXPIRED_MESSAGE });
    });
    return () => setSessionRejectedHandler(null);
  }, [storeToken, queryClient]);

  useEffect(() => {
    // Another tab changed the stored session. A logout there removes it: this tab stops using it too (the guard sends
    // it to /login). A login there as someone else replaces it: this tab drops everything of the user it shows and
    // loads the new one (the guard then goes to the dashboard and says so), so its pages never show one user's data
    // while its requests carry another's token. A new login of the same user only changes the token.
    const follow = (stored: string | null) => {
      const change = storedSessionChange(stored, tokenRef.current, userIdRef.current);
      if (change === 'none') return;
      reportSessionChangedElsewhere();
      tokenRef.current = stored;
      storedRef.current = stored !== null;
      setAuthToken(stored);
      if (change === 'same-user' && stored) {
        dispatch({ type: 'token', token: stored });
        return;
      }
      forgetCachedData(queryClient);
      if (!stored) {
        dispatch({ type: 'logout' });
        return;
      }
      dispatch({ type: 'switching', token: stored });
      void fetchMe();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== TOKEN_STORAGE_KEY) return;
      // A removal seen while this tab holds no token changes nothing.
      follow(event.newValue);
    };
    // A tab frozen in the background or restored from the back-forward cache may have missed the event: it looks
    // again when shown. A token gone counts only when storage held this tab's (a logout elsewhere removed it), never
    // when storage cannot be read or never took it (this tab's session then lives in the page alone).
    const onShown = () => {
      if (document.visibilityState !== 'visible') return;
      const stored = readStoredToken();
      if (stored === undefined || (stored === null && !storedRef.current)) return;
      follow(stored);
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener('pageshow', onShown);
    document.addEventListener('visibilitychange', onShown);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('pageshow', onShown);
      document.removeEventListener('visibilitychange', onShown);
    };
  }, [queryClient, fetchMe]);

  const register = useCallback(async (body: RegisterRequest) => {
    await (await requests()).registerUser(body);
  }, []);

  useEffect(() => {
    // A stored token is reused on page load (spec §4 Session).
    if (tokenRef.current) void fetchMe();
  }, [fetchMe]);

  const value = useMemo(
    () => ({ ...state, login, logout, fetchMe, register }),
    [state, login, logout, fetchMe, register],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
