import { api } from '@/lib/api-client';
import { fileNameFromDisposition } from '@/lib/content-disposition';
import { saveBlob } from '@/lib/save-blob';

export type ConnectionFileKind = 'pbids' | 'tds';

/**
 * Fetches the Power BI (.pbids) or Tableau (.tds) file with the bearer header (a plain link could
 * not send it) and hands it to the browser as a download.
 */
export async function downloadConnectionFile(projectId: string, kind: ConnectionFileKind): Promise<string> {
  const response = await api.get<Blob>(`/api/ifc/projects/${encodeURIComponent(projectId)}/connect.${kind}`, {
    responseType: 'blob',
  });
  const name = fileNameFromDisposition(response.headers['content-disposition']) ?? `${projectId}.${kind}`;
  saveBlob(response.data, name);
  return name;
}
