import type { QueryClient } from '@tanstack/react-query';

/**
 * Drops every cached answer of the session that just ended (no query key names the user, so the next user
 * would otherwise briefly see this one's projects and feed tokens). A page still on screen (the account-deleted
 * confirmation) keeps its queries, emptied rather than removed: a removed query that is still observed is
 * fetched again at once, without a token, for a 401 nobody needs.
 */
export function forgetCachedData(client: QueryClient): void {
  const cache = client.getQueryCache();
  for (const query of cache.getAll()) {
    if (query.getObserversCount() > 0) query.reset();
    else cache.remove(query);
  }
  client.getMutationCache().clear();
}
