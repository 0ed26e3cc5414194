import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-blob';

export type ConnectionFileKind = 'pbids' | 'tds';

const fileNameFrom = (disposition: unknown, fallback: string): string => {
  const match = typeof disposition === 'string' ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ?? fallback;
};

/**
 * Fetches the Power BI (.pbids) or Tableau (.tds) file with the bearer header (a plain link could
 * not send it) and hands it to the browser as a download.
 */
export async function downloadConnectionFile(projectId: string, kind: ConnectionFileKind): Promise<string> {
  const response = await api.get<Blob>(`/api/ifc/projects/${encodeURIComponent(projectId)}/connect.${kind}`, {
    responseType: 'blob',
  });
  const name = fileNameFrom(response.headers['content-disposition'], `${projectId}.${kind}`);
  saveBlob(response.data, name);
  return name;
}
