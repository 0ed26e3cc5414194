import { userStatsSchema, type UserStats } from '@aec/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function getUserStats(): Promise<UserStats> {
  const { data } = await api.get<unknown>('/api/stats/me');
  return userStatsSchema.parse(data);
}

export const userStatsQueryOptions = () =>
  queryOptions({ queryKey: ['stats', 'me'], queryFn: getUserStats, staleTime: 10_000 });

export function useUserStats() {
  return useQuery(userStatsQueryOptions());
}
