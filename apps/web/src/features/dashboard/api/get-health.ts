import { healthResponseSchema, type HealthResponse } from '@aec/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function getHealth(): Promise<HealthResponse> {
  const { data } = await api.get<unknown>('/health');
  return healthResponseSchema.parse(data);
}

export const healthQueryOptions = () =>
  queryOptions({ queryKey: ['health'], queryFn: getHealth, refetchInterval: 30_000 });

export function useHealth() {
  return useQuery(healthQueryOptions());
}
