import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMe } from '@/lib/api/current-user';

/** The card's own check of GET /mongo/user/me; it only needs to know whether the call succeeds. */
export async function checkSession(): Promise<true> {
  await getMe();
  return true;
}

export function sessionCheckQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: ['profile', 'session-check', userId],
    queryFn: checkSession,
    // A 401 will not fix itself by retrying; show the session card at once.
    retry: false,
  });
}

export function useSessionCheck(userId: string | null, enabled: boolean) {
  return useQuery({ ...sessionCheckQueryOptions(userId), enabled });
}
