import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { PAGE_SIZE, type ElementRow } from '../types';

const columns = 'Id,ExpressId,GlobalId,IfcType,Name,Storey,Material';

export const elementsPagePath = (projectId: string, page: number) =>
  `/api/ifc/odata/projects/${encodeURIComponent(projectId)}/IFCElements?$select=${columns}&$orderby=ExpressId&$top=${PAGE_SIZE}&$skip=${page * PAGE_SIZE}&$count=true`;

export async function getElementsPage(projectId: string, page: number, signal?: AbortSignal) {
  const { data } = await api.get<{ value: ElementRow[]; '@odata.count'?: number }>(
    elementsPagePath(projectId, page),
    { signal },
  );
  return { rows: data.value, total: data['@odata.count'] ?? null };
}

export function useElementsPage(projectId: string | null, page: number) {
  return useQuery({
    queryKey: ['rest-demo', 'elements', projectId, page],
    queryFn: ({ signal }) => getElementsPage(projectId ?? '', page, signal),
    enabled: projectId !== null,
    // The table keeps the old page on screen while the next one loads, so it does not jump.
    placeholderData: keepPreviousData,
  });
}
