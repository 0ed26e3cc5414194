import axios from 'axios';
import { bearerHeader } from './auth-token';

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

export { setAuthToken } from './auth-token';

export { describeApiError, getErrorMessage } from './api-error';
export type { ApiErrorInfo } from './api-error';
