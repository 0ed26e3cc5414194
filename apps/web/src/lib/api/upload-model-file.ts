import { versionUploadAcceptedSchema, type VersionUploadAccepted } from '@aec/contracts';
import { api } from '@/lib/api-client';
import { modelsPath, versionsPath } from './model-paths';

export type UploadTarget =
  /** A new version of an existing model. */
  | { kind: 'version'; projectId: string; modelId: string }
  /** A new model of an existing project (its version 1), named after the file unless `name` is given. */
  | { kind: 'model'; projectId: string; name?: string };

/**
 * POST …/models/:modelId/versions or POST …/models (multipart `ifcFile`). Answers 202 with the job to follow, as the
 * first upload does; the progress callback reports the real bytes sent.
 */
export async function uploadModelFile(
  target: UploadTarget,
  file: File,
  options: { signal?: AbortSignal; onProgress?: (fraction: number, loaded: number, total: number) => void },
): Promise<VersionUploadAccepted> {
  const form = new FormData();
  const name = target.kind === 'model' ? target.name?.trim() : undefined;
  // Text fields first: the server reads them before the file streams in.
  if (name) form.append('name', name);
  form.append('ifcFile', file, file.name);
  const url =
    target.kind === 'version' ? versionsPath(target.projectId, target.modelId) : modelsPath(target.projectId);
  const { data } = await api.post<unknown>(url, form, {
    // The client's JSON default would turn the form into JSON; this lets the browser set the boundary.
    headers: { 'Content-Type': 'multipart/form-data' },
    signal: options.signal,
    onUploadProgress: (event) => {
      const total = event.total ?? file.size;
      if (total > 0)
        options.onProgress?.(Math.min(1, event.loaded / total), Math.min(event.loaded, total), total);
    },
  });
  return versionUploadAcceptedSchema.parse(data);
}
