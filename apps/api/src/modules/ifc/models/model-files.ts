import fs from 'node:fs/promises';
import path from 'node:path';
import type { Store } from '../../../store/types';

/*
 * One stored IFC file per model version, in DATA_DIR/models. A project's first upload keeps the name it always had
 * (`<projectId>.ifc`); every later version is named after its internal row version, which is unique within the
 * project, so a version being processed never shares its file with another.
 */

export const firstUploadFile = (modelDir: string, projectId: string): string =>
  path.join(modelDir, `${projectId}.ifc`);

export const versionFile = (modelDir: string, projectId: string, version: number): string =>
  path.join(modelDir, `${projectId}.v${version}.ifc`);

/** Removes the files one version may have: its own, and the project's first upload when it is that version. */
export async function removeVersionFiles(
  modelDir: string,
  projectId: string,
  version: { modelId: string; version: number; number: number },
): Promise<void> {
  await fs.rm(versionFile(modelDir, projectId, version.version), { force: true });
  if (version.modelId === projectId && version.number === 1)
    await fs.rm(firstUploadFile(modelDir, projectId), { force: true });
}

/** Removes every file of a project (all its models' versions). */
export async function removeProjectFiles(modelDir: string, projectId: string): Promise<void> {
  let names: string[];
  try {
    names = await fs.readdir(modelDir);
  } catch {
    return;
  }
  const ours = (name: string) =>
    name === `${projectId}.ifc` ||
    (name.startsWith(`${projectId}.v`) && /^\d+\.ifc$/.test(name.slice(projectId.length + 2)));
  await Promise.all(names.filter(ours).map((name) => fs.rm(path.join(modelDir, name), { force: true })));
}

/** Removes the files of versions whose rows the retention setting pruned: they cannot be served again. */
export async function removeUnretainedFiles(
  store: Store,
  modelDir: string,
  projectId: string,
): Promise<void> {
  for (const v of await store.models.listVersions(projectId))
    if (!v.retained) await removeVersionFiles(modelDir, projectId, v);
}
