import fs from 'node:fs';
import path from 'node:path';
import type { JobRecord, Store } from '../store/types';

/**
 * A new version of a model as an upload leaves it just before queueing its job: the version's record, its file in
 * `dir` and its job record, nothing queued yet. For tests that delete the model in between.
 */
export async function unqueuedVersion(
  store: Store,
  dir: string,
  target: { projectId: string; modelId: string; fileName: string; text: string },
): Promise<{ job: JobRecord; filePath: string }> {
  const { projectId, modelId, fileName, text } = target;
  const version = await store.models.createVersion({
    projectId,
    modelId,
    fileName,
    fileSize: Buffer.byteLength(text),
    uploaderId: null,
    schema: 'IFC4',
  });
  fs.mkdirSync(dir, { recursive: true });
  const filePath = path.join(dir, `unqueued-${projectId}-${version.version}.ifc`);
  fs.writeFileSync(filePath, text);
  const job = await store.jobs.create({
    id: `job_unqueued_${version.version}_${Date.now()}`,
    projectId,
    ownerId: null,
    version: version.version,
    filePath,
  });
  return { job, filePath };
}
