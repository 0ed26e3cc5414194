import type { JobRecord, Store } from '../../../store/types';

/**
 * Where a job's model file lives between the upload and the end of its job (issue 16). On SQLite it is a file under
 * DATA_DIR/models, kept after the job as before. On MongoDB every instance may run any job, so it is a GridFS file
 * every instance can read, streamed in from the received upload and out to the worker that claims the job, and
 * removed when the job ends.
 */
export interface JobFiles {
  /**
   * Stores a received upload (a temp file this call may move or copy) as the file of a model version and returns
   * the job's `filePath`: a local path, or a `gridfs:<id>` reference.
   */
  place(
    tempPath: string,
    target: { projectId: string; version: number; firstOfProject: boolean },
  ): Promise<string>;
  /**
   * A local file a worker thread can read for the job: the file itself when local, else a download into a temp
   * file. `release` removes what `localCopy` made (never the stored file).
   */
  localCopy(job: JobRecord): Promise<{ path: string; release: () => Promise<void> }>;
  /** The job has ended (ready, failed, cancelled): its stored file goes when the product keeps none after a job. */
  jobEnded(job: JobRecord): Promise<void>;
  /** Removes a stored file (a version or project deleted; a failed start). */
  remove(filePath: string): Promise<void>;
  /** Removes the stored files of one version of a project (the version was deleted). */
  removeVersion(
    projectId: string,
    version: { modelId: string; version: number; number: number },
  ): Promise<void>;
  /** Removes every stored file of a project (the project was deleted). */
  removeProject(projectId: string): Promise<void>;
  /** Removes the files of versions the retention setting pruned (only kept files can be left). */
  removeUnretained(store: Store, projectId: string): Promise<void>;
}

/** The `filePath` prefix of a job whose file is in GridFS. */
export const GRIDFS_PREFIX = 'gridfs:';

export const isGridFsPath = (filePath: string): boolean => filePath.startsWith(GRIDFS_PREFIX);
