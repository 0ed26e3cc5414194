import { api } from '@/lib/api-client';

/**
 * The CSV needs the bearer header, so a plain link cannot fetch it: the file is read as a blob
 * through the API client and handed to the browser as a download.
 */
export async function downloadProjectCsv(projectId: string, fileName: string): Promise<void> {
  const { data } = await api.get<Blob>(`/api/ifc/projects/${encodeURIComponent(projectId)}/elements.csv`, {
    responseType: 'blob',
    headers: { Accept: 'text/csv' },
  });
  const url = URL.createObjectURL(data);
  try {
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = fileName;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  } finally {
    // Revoked on the next tick: Chromium starts the download from the URL after click() returns.
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
