/**
 * The bearer token the auth state holds, readable by the HTTP client without importing it: the landing page must not
 * download the client (axios) just to remember whether someone is signed in.
 */
let current: string | null = null;
let onRejected: (() => void) | null = null;

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

/** The auth state's reaction to the server refusing the session (expired, revoked or garbage token). */
export function setSessionRejectedHandler(handler: (() => void) | null): void {
  onRejected = handler;
}

/**
 * A request answered 401. Only a refusal of the token still held ends the session: an answer to a request sent
 * with an older token, with no token, or with other credentials says nothing about the current one.
 */
export function reportUnauthorized(sentAuthorization: unknown): void {
  if (current !== null && sentAuthorization === bearerHeader()) onRejected?.();
}
