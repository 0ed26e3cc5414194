import { feedTokenListSchema, type FeedToken } from '@aec/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function listFeedTokens(): Promise<FeedToken[]> {
  const { data } = await api.get<unknown>('/api/feed-tokens');
  return feedTokenListSchema.parse(data).tokens;
}

export const feedTokensQueryOptions = () =>
  queryOptions({ queryKey: ['feed-tokens'], queryFn: listFeedTokens });

export function useFeedTokens() {
  return useQuery(feedTokensQueryOptions());
}
