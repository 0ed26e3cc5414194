import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PropertyRow } from '../types';

const root = (projectId: string) => `/api/ifc/odata/projects/${encodeURIComponent(projectId)}`;
// OData string literals double their single quotes.
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

export async function getElementDetail(
  projectId: string,
  id: string,
  expressId: number,
  signal?: AbortSignal,
) {
  const [element, properties] = await Promise.all([
    api.get<Record<string, unknown>>(`${root(projectId)}/IFCElements(${encodeURIComponent(literal(id))})`, {
      signal,
    }),
    api.get<{ value: PropertyRow[] }>(
      `${root(projectId)}/IFCProperties?$filter=${encodeURIComponent(`ElementExpressId eq ${expressId}`)}&$orderby=SetName,PropertyName`,
      { signal },
    ),
  ]);
  return { element: element.data, properties: properties.data.value };
}

export function useElementDetail(projectId: string | null, id: string | null, expressId: number | null) {
  return useQuery({
    queryKey: ['rest-demo', 'element', projectId, id],
    queryFn: ({ signal }) => getElementDetail(projectId ?? '', id ?? '', expressId ?? 0, signal),
    enabled: projectId !== null && id !== null && expressId !== null,
  });
}
