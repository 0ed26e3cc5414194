import { api } from '@/lib/api-client';
import { fileNameFromDisposition } from '@/lib/content-disposition';
import { saveBlob } from '@/lib/save-blob';

/**
 * The CSV needs the bearer header, so a plain link cannot fetch it: it is read as a blob and saved under the name
 * the server gives (`fallbackName` if it gives none).
 */
export async function downloadProjectCsv(projectId: string, fallbackName: string): Promise<void> {
  const response = await api.get<Blob>(`/api/ifc/projects/${encodeURIComponent(projectId)}/elements.csv`, {
    responseType: 'blob',
    headers: { Accept: 'text/csv' },
  });
  saveBlob(response.data, fileNameFromDisposition(response.headers['content-disposition']) ?? fallbackName);
}
