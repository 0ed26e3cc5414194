import { api } from '@/lib/api-client';

export type Row = Record<string, unknown>;
export type ODataResult = { rows: Row[]; columns: string[]; count: number | null; nextLink: string | null };

/** Columns in the order the server wrote them, skipping OData control information (@odata.*). */
export function columnsOf(rows: Row[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) if (!key.includes('@')) seen.add(key);
  return [...seen];
}

export async function runODataQuery(path: string, signal?: AbortSignal): Promise<ODataResult> {
  const { data } = await api.get<{ value?: Row[]; '@odata.count'?: number; '@odata.nextLink'?: string }>(
    path,
    {
      signal,
      headers: { Accept: 'application/json' },
    },
  );
  const rows = Array.isArray(data.value) ? data.value : [];
  return {
    rows,
    columns: columnsOf(rows),
    count: typeof data['@odata.count'] === 'number' ? data['@odata.count'] : null,
    nextLink: data['@odata.nextLink'] ?? null,
  };
}
