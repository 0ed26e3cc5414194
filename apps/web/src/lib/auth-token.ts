/**
 * The bearer token the auth state holds, readable by the HTTP client without importing it: the landing page must not
 * download the client (axios) just to remember whether someone is signed in.
 */
let current: string | null = null;

export function setAuthToken(token: string | null): void {
  current = token;
}

export function getAuthToken(): string | null {
  return current;
}

/** The Authorization header value for the signed-in user, if any. */
export function bearerHeader(): string | undefined {
  return current ? `Bearer ${current}` : undefined;
}
