import { createdFeedTokenSchema, type CreatedFeedToken, type CreateFeedTokenRequest } from '@aec/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function createFeedToken(body: CreateFeedTokenRequest): Promise<CreatedFeedToken> {
  const { data } = await api.post<unknown>('/api/feed-tokens', body);
  return createdFeedTokenSchema.parse(data);
}

export function useCreateFeedToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFeedToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['feed-tokens'] }),
  });
}
