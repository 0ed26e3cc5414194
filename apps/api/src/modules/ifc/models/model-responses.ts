import {
  isRunningStatus,
  type ChangeCounts,
  type ChangeSummaryDto,
  type ModelDto,
  type ProjectModelRef,
  type VersionDto,
} from '@aec/contracts';
import type { ChangeSummary, ModelRecord, VersionRecord } from '../../../store/types';

/** Breakdown entries largest first (most changes), then by name, so a chart and a table read them as they are. */
function breakdown<K extends string>(
  counts: Record<string, ChangeCounts>,
  key: K,
): (ChangeCounts & Record<K, string>)[] {
  const total = (c: ChangeCounts) => c.added + c.removed + c.modified;
  return Object.entries(counts)
    .map(
      ([name, c]) =>
        ({ [key]: name, added: c.added, removed: c.removed, modified: c.modified }) as ChangeCounts &
          Record<K, string>,
    )
    .sort((a, b) => total(b) - total(a) || a[key].localeCompare(b[key]));
}

export function changeSummaryDto(changes: ChangeSummary): ChangeSummaryDto {
  return {
    status: changes.status,
    previousVersionNumber: changes.previousVersionNumber,
    added: changes.added,
    removed: changes.removed,
    modified: changes.modified,
    propertyValuesChanged: changes.propertyValuesChanged,
    commonElements: changes.commonElements,
    byType: breakdown(changes.byType, 'ifcType'),
    byStorey: breakdown(changes.byStorey, 'storey'),
    error: changes.error,
  };
}

export interface VersionExtras {
  /** The version the feed serves for its model. */
  published: boolean;
  uploadedBy: string | null;
  jobId: string | null;
}

export function versionDto(version: VersionRecord, extras: VersionExtras): VersionDto {
  return {
    number: version.number,
    fileName: version.fileName,
    fileSize: version.fileSize,
    uploadedBy: extras.uploadedBy,
    uploadedAt: version.createdAt,
    status: version.status,
    error: version.error,
    schema: version.schema,
    elementCount: version.elementCount,
    propertyCount: version.propertyCount,
    spatialCount: version.spatialCount,
    processedAt: version.processedAt,
    processingMs: version.processingMs,
    isLatest: extras.published,
    retained: version.retained,
    jobId: extras.jobId,
    warnings: version.warnings,
    changes: version.changes ? changeSummaryDto(version.changes) : null,
  };
}

/** The number of the model's published version; null while none is. */
export function latestVersionNumber(model: ModelRecord, versions: VersionRecord[]): number | null {
  if (model.publishedVersion === 0) return null;
  return versions.find((v) => v.version === model.publishedVersion)?.number ?? null;
}

export function modelDto(
  model: ModelRecord,
  versions: VersionRecord[],
  extras: (version: VersionRecord) => Omit<VersionExtras, 'published'>,
): ModelDto {
  return {
    modelId: model.id,
    name: model.name,
    createdAt: model.createdAt,
    latestVersionNumber: latestVersionNumber(model, versions),
    versions: versions.map((v) =>
      versionDto(v, { ...extras(v), published: v.version === model.publishedVersion }),
    ),
  };
}

/** A model as the project summary lists it: the published version's file, else the newest upload's. */
export function projectModelRef(model: ModelRecord, versions: VersionRecord[]): ProjectModelRef {
  const published = versions.find((v) => v.version === model.publishedVersion);
  return {
    modelId: model.id,
    name: model.name,
    latestVersionNumber: published?.number ?? null,
    fileName: (published ?? versions[0])?.fileName ?? '',
    runningVersionNumber: newestRunningNumber(versions),
  };
}

/** The number of the newest version whose job has not ended (queued, processing or paused), if any. */
function newestRunningNumber(versions: VersionRecord[]): number | null {
  return versions.reduce<number | null>(
    (newest, v) => (isRunningStatus(v.status) && v.number > (newest ?? 0) ? v.number : newest),
    null,
  );
}
