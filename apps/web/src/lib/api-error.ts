import type { AxiosError } from 'axios';

/** Structural check, so this module (and the pages using it) does not pull axios into the first download. */
const isAxiosError = (error: unknown): error is AxiosError =>
  typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;

export type ApiErrorInfo = {
  /** HTTP status when the server answered, otherwise null. */
  status: number | null;
  /** The server's `error` text (DESIGN.md error model), when it sent one. */
  serverText: string | null;
  /** The server's error `code` (DESIGN.md error model), when it sent one: how a form tells which field is wrong. */
  serverCode?: string;
  /** The spec's generic client message (§8): what to show when there is no server text. */
  message: string;
  /** True when no response arrived (offline, refused, timed out, aborted). */
  network: boolean;
  /** The answer's Retry-After in seconds (a 429 says how long to wait), when it sent one. */
  retryAfterSeconds?: number;
};

function retryAfter(value: unknown): number | undefined {
  const seconds = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isFinite(seconds) ? seconds : undefined;
}

function serverErrorField(data: unknown, field: 'error' | 'code'): string | null {
  if (data && typeof data === 'object' && field in data) {
    const text = (data as Record<string, unknown>)[field];
    if (typeof text === 'string' && text.trim() !== '') return text;
  }
  return null;
}

/**
 * Normalises any thrown value from a request into the spec's wording. Axios words the same
 * failure differently in the browser and in Node (e.g. 'Network Error' vs 'connect
 * ECONNREFUSED'), so the message is built from the error code, not copied from axios.
 */
export function describeApiError(error: unknown): ApiErrorInfo {
  if (!isAxiosError(error)) {
    const message = error instanceof Error && error.message ? error.message : 'Unknown error';
    return { status: null, serverText: null, message, network: false };
  }
  const response = error.response;
  if (response) {
    const code = serverErrorField(response.data, 'code');
    return {
      status: response.status,
      serverText: serverErrorField(response.data, 'error'),
      ...(code ? { serverCode: code } : {}),
      message: `Request failed with status code ${response.status}`,
      network: false,
      retryAfterSeconds: retryAfter(response.headers?.['retry-after']),
    };
  }
  const timedOut =
    error.code === 'ETIMEDOUT' || (error.code === 'ECONNABORTED' && /timeout/i.test(error.message));
  if (timedOut) {
    const ms = error.config?.timeout ?? 0;
    return { status: null, serverText: null, message: `timeout of ${ms} ms exceeded`, network: true };
  }
  if (error.code === 'ECONNABORTED' || error.code === 'ERR_CANCELED') {
    return { status: null, serverText: null, message: 'Request aborted', network: true };
  }
  return { status: null, serverText: null, message: 'Network Error', network: true };
}

/** The text to show for a failed request: the server's own words first, then the generic message. */
export function getErrorMessage(error: unknown): string {
  const info = describeApiError(error);
  return info.serverText ?? info.message;
}
