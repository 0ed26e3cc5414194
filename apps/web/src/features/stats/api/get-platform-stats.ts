import { platformStatsSchema, type PlatformStats } from '@aec/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function getPlatformStats(): Promise<PlatformStats> {
  const { data } = await api.get<unknown>('/api/stats/platform');
  return platformStatsSchema.parse(data);
}

export const platformStatsQueryOptions = () =>
  queryOptions({ queryKey: ['stats', 'platform'], queryFn: getPlatformStats, staleTime: 30_000 });

export function usePlatformStats() {
  return useQuery(platformStatsQueryOptions());
}
