import fs from 'node:fs/promises';
import {
  firstUploadFile,
  removeProjectFiles,
  removeUnretainedFiles,
  removeVersionFiles,
  versionFile,
} from '../models/model-files';
import type { JobFiles } from './job-files';

/**
 * One machine (SQLite): the upload is moved into DATA_DIR/models and stays there after its job, as it always has;
 * the worker thread reads it in place.
 */
export class LocalJobFiles implements JobFiles {
  constructor(private readonly modelDir: string) {}

  async place(
    tempPath: string,
    target: { projectId: string; version: number; firstOfProject: boolean },
  ): Promise<string> {
    const filePath = target.firstOfProject
      ? firstUploadFile(this.modelDir, target.projectId)
      : versionFile(this.modelDir, target.projectId, target.version);
    await fs.mkdir(this.modelDir, { recursive: true });
    await fs.rename(tempPath, filePath);
    return filePath;
  }

  async localCopy(job: { filePath: string }) {
    return { path: job.filePath, release: async () => {} };
  }

  /** The file stays: a local install keeps every version's file until the version or project is deleted. */
  async jobEnded(): Promise<void> {}

  async remove(filePath: string): Promise<void> {
    await fs.rm(filePath, { force: true });
  }

  removeVersion(projectId: string, version: { modelId: string; version: number; number: number }) {
    return removeVersionFiles(this.modelDir, projectId, version);
  }

  removeProject(projectId: string) {
    return removeProjectFiles(this.modelDir, projectId);
  }

  removeUnretained(store: Parameters<JobFiles['removeUnretained']>[0], projectId: string) {
    return removeUnretainedFiles(store, this.modelDir, projectId);
  }
}
