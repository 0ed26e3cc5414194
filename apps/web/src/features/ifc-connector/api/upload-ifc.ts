import { uploadAcceptedSchema, type UploadAccepted } from '@aec/contracts';
import { api } from '@/lib/api-client';

/**
 * Sends the model as multipart field `ifcFile`. The answer (202) names the background job; the
 * progress callback reports the real bytes sent (the browser's XMLHttpRequest upload events, through the client's
 * XHR adapter: fetch reports no upload progress), not an estimate.
 */
export async function uploadIfc(
  file: File,
  options: { signal: AbortSignal; onProgress: (fraction: number, loaded: number, total: number) => void },
): Promise<UploadAccepted> {
  const form = new FormData();
  form.append('ifcFile', file, file.name);
  const { data } = await api.post<unknown>('/api/ifc/odata/upload', form, {
    // The client's JSON default would turn the form into JSON; this lets the browser set the boundary.
    headers: { 'Content-Type': 'multipart/form-data' },
    signal: options.signal,
    onUploadProgress: (event) => {
      const total = event.total ?? file.size;
      if (total > 0)
        options.onProgress(Math.min(1, event.loaded / total), Math.min(event.loaded, total), total);
    },
  });
  return uploadAcceptedSchema.parse(data);
}
