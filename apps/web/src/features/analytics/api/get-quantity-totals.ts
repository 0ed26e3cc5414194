import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { addRows, emptyTotals, QUANTITY_COLUMNS, type QuantityTotals } from '../quantities';

/** Large models have millions of rows; past this many pages the totals are reported as partial. */
const MAX_PAGES = 200;

type FeedPage = { value: Record<string, unknown>[]; '@odata.nextLink'?: string };

/** Reads the project's elements from its OData feed (quantity columns only) and adds them up. */
export async function getQuantityTotals(projectId: string): Promise<QuantityTotals & { complete: boolean }> {
  const filter = encodeURIComponent(`ProjectId eq '${projectId.replace(/'/g, "''")}'`);
  let url: string | undefined =
    `/api/ifc/odata/IFCElements?$filter=${filter}&$select=${QUANTITY_COLUMNS.join(',')}`;
  let acc = emptyTotals();
  for (let page = 0; url && page < MAX_PAGES; page += 1) {
    const response: { data: FeedPage } = await api.get<FeedPage>(url);
    acc = addRows(acc, response.data.value);
    url = response.data['@odata.nextLink'];
  }
  return { ...acc, complete: url === undefined };
}

export const quantityTotalsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', projectId, 'quantities'],
    queryFn: () => getQuantityTotals(projectId),
    staleTime: 60_000,
  });

export function useQuantityTotals(projectId: string | null) {
  return useQuery({ ...quantityTotalsQueryOptions(projectId ?? ''), enabled: projectId !== null });
}
