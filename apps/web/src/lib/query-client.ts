import { MutationCache, QueryClient } from '@tanstack/react-query';
import { describeApiError } from './api-error';

/** Tries of a query that failed for a reason that may pass, after the first (TanStack Query's default). */
const MAX_RETRIES = 3;

/**
 * Whether a failed query is tried again. A server error or a lost connection may pass, so it is; an answer refusing
 * the request (404 not found, 403, 400) will not change, so the page says so at once instead of after three retries
 * and seven seconds of "Loading...". A timeout (408) or a rate limit (429) may pass too.
 */
export function retryQuery(failureCount: number, error: unknown): boolean {
  const { status } = describeApiError(error);
  const refused = status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429;
  return !refused && failureCount < MAX_RETRIES;
}

/**
 * The app's query client. A change that answers 404 means something on screen is gone (deleted in another tab or
 * by someone else): every query on screen is fetched again, so the page shows what is there now.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: { queries: { retry: retryQuery } },
    mutationCache: new MutationCache({
      onError: (error) => {
        if (describeApiError(error).status === 404) void client.invalidateQueries();
      },
    }),
  });
  return client;
}
