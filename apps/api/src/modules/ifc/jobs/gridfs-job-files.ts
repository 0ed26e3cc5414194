import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { mongo } from 'mongoose';
import type { JobRecord } from '../../../store/types';
import { GRIDFS_PREFIX, isGridFsPath, type JobFiles } from './job-files';

export const UPLOADS_BUCKET = 'uploads';

export interface GridFsJobFilesOptions {
  /** GridFS chunk size (the driver's default, 255 KiB, unless a test picks another). */
  chunkSizeBytes?: number;
  /** How much of a file is read from disk at a time while it streams into GridFS. */
  readHighWaterMark?: number;
}

const fileIdOf = (filePath: string): mongo.ObjectId | null => {
  if (!isGridFsPath(filePath)) return null;
  const hex = filePath.slice(GRIDFS_PREFIX.length);
  return mongo.ObjectId.isValid(hex) ? new mongo.ObjectId(hex) : null;
};

/** The driver says a GridFS file it was asked to delete is not there (already removed: nothing to do). */
const isFileNotFound = (err: unknown): boolean =>
  err instanceof Error && /FileNotFound|file not found|was not found/i.test(err.message);

/**
 * Several instances on MongoDB (issue 16): the upload is streamed from the receiving instance's temp file into the
 * `uploads` GridFS bucket before the 202, so any worker can run the job even if that instance dies; the worker
 * streams it down into DATA_DIR/work for its extraction thread; the GridFS file goes when the job ends. No file is
 * ever read whole into memory: both directions are piped chunk by chunk.
 */
export class GridFsJobFiles implements JobFiles {
  private readonly bucket: mongo.GridFSBucket;
  private readonly workDir: string;

  constructor(
    db: mongo.Db,
    dataDir: string,
    private readonly options: GridFsJobFilesOptions = {},
  ) {
    this.bucket = new mongo.GridFSBucket(db, {
      bucketName: UPLOADS_BUCKET,
      ...(options.chunkSizeBytes ? { chunkSizeBytes: options.chunkSizeBytes } : {}),
    });
    this.workDir = path.join(dataDir, 'work');
  }

  async place(
    tempPath: string,
    target: { projectId: string; version: number; firstOfProject: boolean },
  ): Promise<string> {
    const upload = this.bucket.openUploadStream(`${target.projectId}.v${target.version}.ifc`, {
      metadata: { projectId: target.projectId, version: target.version },
    });
    try {
      const source = fs.createReadStream(tempPath, {
        ...(this.options.readHighWaterMark ? { highWaterMark: this.options.readHighWaterMark } : {}),
      });
      await pipeline(source, upload);
    } catch (err) {
      // The chunks written so far would otherwise stay behind without a files document.
      await upload.abort().catch(() => undefined);
      throw err;
    }
    await fsp.rm(tempPath, { force: true });
    return `${GRIDFS_PREFIX}${upload.id.toHexString()}`;
  }

  async localCopy(job: JobRecord): Promise<{ path: string; release: () => Promise<void> }> {
    const id = fileIdOf(job.filePath);
    // A job stored before GridFS (a local path) is read where it is.
    if (!id) return { path: job.filePath, release: async () => {} };
    await fsp.mkdir(this.workDir, { recursive: true });
    // The attempt keeps a re-run's copy apart from one a lost run may still be writing on this machine.
    const attempt = (job as { attempt?: number }).attempt ?? randomBytes(2).toString('hex');
    const copy = path.join(this.workDir, `${job.id}-${attempt}.ifc`);
    const release = () => fsp.rm(copy, { force: true });
    try {
      await pipeline(this.bucket.openDownloadStream(id), fs.createWriteStream(copy));
    } catch (err) {
      await release();
      if (isFileNotFound(err))
        throw new Error('The uploaded model file is no longer stored; please upload the model again.');
      throw err;
    }
    return { path: copy, release };
  }

  jobEnded(job: JobRecord): Promise<void> {
    return this.remove(job.filePath);
  }

  async remove(filePath: string): Promise<void> {
    const id = fileIdOf(filePath);
    if (!id) {
      if (!isGridFsPath(filePath)) await fsp.rm(filePath, { force: true });
      return;
    }
    await this.bucket.delete(id).catch((err: unknown) => {
      if (!isFileNotFound(err)) throw err;
    });
  }

  async removeVersion(
    projectId: string,
    version: { modelId: string; version: number; number: number },
  ): Promise<void> {
    await this.removeWhere({ 'metadata.projectId': projectId, 'metadata.version': version.version });
  }

  async removeProject(projectId: string): Promise<void> {
    await this.removeWhere({ 'metadata.projectId': projectId });
  }

  /** No file outlives its job here: nothing is kept for a pruned version. */
  async removeUnretained(): Promise<void> {}

  private async removeWhere(filter: mongo.Filter<mongo.GridFSFile>): Promise<void> {
    for (const file of await this.bucket.find(filter).toArray())
      await this.remove(`${GRIDFS_PREFIX}${file._id.toHexString()}`);
  }
}
