import {
  createdFeedTokenSchema,
  feedTokenListSchema,
  type CreatedFeedToken,
  type CreateFeedTokenRequest,
  type FeedToken,
} from '@aec/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Feed tokens (GET/POST /api/feed-tokens, DELETE /api/feed-tokens/:id), shared by Settings and the connector's
 * Results step: a token made in either place shows up in the list.
 */
const feedTokensQueryKey = ['feed-tokens'] as const;

export async function listFeedTokens(): Promise<FeedToken[]> {
  const { data } = await api.get<unknown>('/api/feed-tokens');
  return feedTokenListSchema.parse(data).tokens;
}

export const feedTokensQueryOptions = () =>
  queryOptions({ queryKey: feedTokensQueryKey, queryFn: listFeedTokens });

export function useFeedTokens() {
  return useQuery(feedTokensQueryOptions());
}

export async function createFeedToken(body: CreateFeedTokenRequest): Promise<CreatedFeedToken> {
  const { data } = await api.post<unknown>('/api/feed-tokens', body);
  return createdFeedTokenSchema.parse(data);
}

export async function revokeFeedToken(id: string): Promise<void> {
  await api.delete(`/api/feed-tokens/${encodeURIComponent(id)}`);
}

function useFeedTokenMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedTokensQueryKey }),
  });
}

export const useCreateFeedToken = () => useFeedTokenMutation(createFeedToken);
export const useRevokeFeedToken = () => useFeedTokenMutation(revokeFeedToken);
