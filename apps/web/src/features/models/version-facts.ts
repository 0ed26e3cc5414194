import { formatFileSize, isRunningStatus, type VersionDto } from '@aec/contracts';
import { formatDateTime, formatDuration, formatInteger } from '@/lib/format';

/** A version whose job has not ended yet: its rows are still being written. */
export const isVersionRunning = (version: VersionDto) => isRunningStatus(version.status);

/**
 * What the owner may do with a version (the server refuses the rest with 409 anyway): the latest one is what the feed
 * serves, so it is neither deleted nor "rolled back" to; only a ready version whose rows are still kept can be
 * published again; a running one is left to its job.
 */
export function versionActions(
  version: VersionDto,
  isOwner: boolean,
): { rollback: boolean; delete: boolean } {
  if (!isOwner || version.isLatest || isVersionRunning(version)) return { rollback: false, delete: false };
  return { rollback: version.retained && version.status === 'ready', delete: true };
}

/** The figures of a version the history lists, in reading order. */
export function versionFacts(version: VersionDto): Array<{ label: string; value: string }> {
  return [
    { label: 'File', value: version.fileName },
    { label: 'Size', value: formatFileSize(version.fileSize) },
    { label: 'Uploaded by', value: version.uploadedBy ?? '—' },
    { label: 'Uploaded', value: formatDateTime(version.uploadedAt) },
    { label: 'Elements', value: formatInteger(version.elementCount) },
    { label: 'Schema', value: version.schema ?? '—' },
    { label: 'Processing time', value: formatDuration(version.processingMs) },
  ];
}
