import { api } from '@/lib/api-client';

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
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}
