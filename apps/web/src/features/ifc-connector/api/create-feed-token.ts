import { createdFeedTokenSchema, type CreatedFeedToken } from '@aec/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function createFeedToken(name: string): Promise<CreatedFeedToken> {
  const { data } = await api.post<unknown>('/api/feed-tokens', { name });
  return createdFeedTokenSchema.parse(data);
}

export function useCreateFeedToken() {
  return useMutation({ mutationFn: createFeedToken });
}
