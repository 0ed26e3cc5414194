import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-blob';

/** The CSV needs the bearer header, so a plain link cannot fetch it: it is read as a blob and saved. */
export async function downloadProjectCsv(projectId: string, fileName: string): Promise<void> {
  const { data } = await api.get<Blob>(`/api/ifc/projects/${encodeURIComponent(projectId)}/elements.csv`, {
    responseType: 'blob',
    headers: { Accept: 'text/csv' },
  });
  saveBlob(data, fileName);
}
