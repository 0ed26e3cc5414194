import axios from 'axios';
import { bearerHeader, reportUnauthorized } from './auth-token';

/**
 * The one HTTP client of the web app. Same origin as the page (the API serves the built app and
 * Vite proxies in development), JSON by default, no default timeout (spec §7).
 */
export const api = axios.create({
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
});

// The auth state owns the token (lib/auth-token.ts); every request carries it unless it brings its own header.
api.interceptors.request.use((config) => {
  const bearer = bearerHeader();
  if (bearer && !config.headers.has('Authorization')) config.headers.set('Authorization', bearer);
  return config;
});

// A 401 to the token the auth state holds means the session is over: it signs out once and asks for a login.
api.interceptors.response.use(undefined, (error: unknown) => {
  if (axios.isAxiosError(error) && error.response?.status === 401)
    reportUnauthorized(error.config?.headers?.get('Authorization'));
  return Promise.reject(error);
});

export { setAuthToken } from './auth-token';

export { describeApiError, getErrorMessage } from './api-error';
export type { ApiErrorInfo } from './api-error';
