import fs from 'node:fs';
import { formatFileSize } from '@aec/contracts';
import { UploadRejectedError } from '../../../errors/app-error';

/** Bytes an unprivileged process may still write on the file system holding `dir`. */
export type FreeDiskSpace = (dir: string) => Promise<number>;

export const statfsFreeSpace: FreeDiskSpace = async (dir) => {
  const stats = await fs.promises.statfs(dir);
  // bavail, not bfree: the blocks root keeps in reserve are not ours to fill.
  return stats.bavail * stats.bsize;
};

/**
 * Free space an upload must leave behind: the database, the job's rows and the logs live on the same disk, and a
 * file system filled to the last block fails them all, not just this upload.
 */
export const DISK_RESERVE_BYTES = 64 * 1024 * 1024;

/** The 507 for an upload of known size that would not fit next to the reserve. */
export function noRoomFor(fileBytes: number, freeBytes: number): UploadRejectedError {
  return new UploadRejectedError(
    507,
    'STORAGE_FULL',
    `The server does not have enough free disk space for this ${formatFileSize(fileBytes)} file ` +
      `(${formatFileSize(Math.max(0, freeBytes))} free). Please try again later or ask the administrator to free space.`,
  );
}

/** The 507 for an upload of unknown size (no Content-Length) that ran the disk down to the reserve. */
export function ranOutOfRoom(receivedBytes: number, freeBytes: number): UploadRejectedError {
  return new UploadRejectedError(
    507,
    'STORAGE_FULL',
    `The server ran out of free disk space after receiving ${formatFileSize(receivedBytes)} of this file ` +
      `(${formatFileSize(Math.max(0, freeBytes))} free). Please try again later or ask the administrator to free space.`,
  );
}
