import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function revokeFeedToken(id: string): Promise<void> {
  await api.delete(`/api/feed-tokens/${encodeURIComponent(id)}`);
}

export function useRevokeFeedToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeFeedToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['feed-tokens'] }),
  });
}
