import { uploadLimitsSchema, uploadLimitText, uploadLimitWords, type UploadLimits } from '@aec/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { uploadLimitFrom, type UploadLimit } from '@/lib/ifc-file-rules';

/** GET /api/ifc/limits: the server's configured upload limit (MAX_UPLOAD_MB). */
export async function getUploadLimits(): Promise<UploadLimits> {
  const { data } = await api.get<unknown>('/api/ifc/limits');
  return uploadLimitsSchema.parse(data);
}

/** The spec's stated maximum (MAX_UPLOAD_MB's default), named while the server's own limit is unknown. */
const DEFAULT_MB = 100;
const DEFAULT_TEXT = uploadLimitText(DEFAULT_MB);

/** The query key of GET /api/ifc/limits (tests seed it to render a page with a given limit). */
export const UPLOAD_LIMITS_QUERY_KEY = ['ifc', 'limits'] as const;

const useLimitsQuery = () =>
  useQuery({ queryKey: UPLOAD_LIMITS_QUERY_KEY, queryFn: getUploadLimits, staleTime: 5 * 60_000 });

/**
 * The limit to check files against (null until the server has answered: the server checks anyway) and the words
 * that state it: the server's figure, "checking…" while it loads, the default with a caveat if it cannot be read.
 */
export function useUploadLimit(): { limit: UploadLimit | null; text: string } {
  const query = useLimitsQuery();
  if (query.data) {
    const limit = uploadLimitFrom(query.data);
    return { limit, text: limit.text };
  }
  if (query.isError)
    return { limit: null, text: `${DEFAULT_TEXT} by default (the server's own limit could not be read)` };
  return { limit: null, text: 'checking…' };
}

/**
 * The limit in running text for documentation, help and FAQ ("100 MB", "2 GB"): this server's figure once known,
 * the default until then (the text reads as a sentence either way; the connector says when it is still checking).
 */
export function useUploadLimitWords(): string {
  return uploadLimitWords(useLimitsQuery().data?.maxUploadMb ?? DEFAULT_MB);
}
