/** Spec §4 Session: the token lives in localStorage under this fixed key. */
export const TOKEN_STORAGE_KEY = 'token';

/** The stored token: null when there is none, undefined when storage cannot be read (disabled, blocked). */
export function readStoredToken(): string | null | undefined {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return undefined;
  }
}

export function readToken(): string | null {
  return readStoredToken() ?? null;
}

/**
 * Stores the token (null removes it) and tells whether storage now holds it. Storage disabled or full: the session
 * lasts for this page view only, and other tabs never see it.
 */
export function writeToken(token: string | null): boolean {
  try {
    if (token) window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
    else window.localStorage.removeItem(TOKEN_STORAGE_KEY);
    return window.localStorage.getItem(TOKEN_STORAGE_KEY) === token;
  } catch {
    return false;
  }
}
