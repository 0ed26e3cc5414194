import axios from 'axios';

/**
 * The one HTTP client of the web app. Same origin as the page (the API serves the built app and
 * Vite proxies in development), JSON by default, no default timeout (spec §7).
 */
export const api = axios.create({
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
});

/** The auth state owns the token; this keeps the client's bearer header in step with it. */
export function setAuthToken(token: string | null): void {
  if (token) {
    api.defaults.headers.common.Authorization = `Bearer ${token}`;
  } else {
    delete api.defaults.headers.common.Authorization;
  }
}

export { describeApiError, getErrorMessage } from './api-error';
export type { ApiErrorInfo } from './api-error';
