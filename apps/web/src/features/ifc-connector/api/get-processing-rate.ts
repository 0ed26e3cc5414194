import { processingRateSchema, type ProcessingRate } from '@aec/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The server's measured processing speed (GET /api/ifc/processing-rate), for the Preview's time estimate. */
export async function getProcessingRate(): Promise<ProcessingRate> {
  const { data } = await api.get<unknown>('/api/ifc/processing-rate');
  return processingRateSchema.parse(data);
}

export function useProcessingRate() {
  return useQuery({ queryKey: ['ifc', 'processing-rate'], queryFn: getProcessingRate, staleTime: 60_000 });
}
