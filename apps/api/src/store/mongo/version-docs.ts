import type { mongo } from 'mongoose';
import type { ChangeCounts, ChangeSummary, ProjectStatus, VersionRecord } from '../types';
import { fromEntries, toEntries, type CountEntry } from './count-entries';

/** Change counts per key, stored as entries for the same reason as the count maps (storey names like "+3.50"). */
interface ChangeEntry extends ChangeCounts {
  key: string;
}
export type ChangeSummaryDoc = Omit<ChangeSummary, 'byType' | 'byStorey'> & {
  byType: ChangeEntry[];
  byStorey: ChangeEntry[];
};

/** One model version: its upload, its processing outcome and what changed since the model's previous version. */
export interface VersionDoc {
  projectId: string;
  modelId: string;
  version: number;
  number: number;
  fileName: string;
  fileSize: number;
  uploaderId: string | null;
  status: ProjectStatus;
  error: string | null;
  ifcSchema: string | null;
  elementCount: number;
  propertyCount: number;
  spatialCount: number;
  countsByType: CountEntry[];
  countsByStorey: CountEntry[];
  createdAt: Date;
  processedAt: Date | null;
  processingMs: number | null;
  retained: boolean;
  /** When another version replaced this one as the published one (snapshot window, issue 19.2). */
  supersededAt?: Date | null;
  warnings: string[];
  changes: ChangeSummaryDoc | null;
  /** Set once the version's change rows are all written (computeChanges): the feed serves them from then on. */
  changeRows?: boolean;
}

export const VERSIONS_COLLECTION = 'ifc_versions';

export async function openVersions(db: mongo.Db): Promise<mongo.Collection<VersionDoc>> {
  const versions = db.collection<VersionDoc>(VERSIONS_COLLECTION);
  await Promise.all([
    // A row version belongs to one model version: rows find their version record by it.
    versions.createIndex({ projectId: 1, version: 1 }, { unique: true, name: 'ifc_versions_key' }),
    // Numbers are unique within a model; the index also serves a model's history, newest first.
    versions.createIndex(
      { projectId: 1, modelId: 1, number: 1 },
      { unique: true, name: 'ifc_versions_number' },
    ),
  ]);
  return versions;
}

const changeEntries = (counts: Record<string, ChangeCounts>): ChangeEntry[] =>
  Object.entries(counts).map(([key, c]) => ({
    key,
    added: c.added,
    removed: c.removed,
    modified: c.modified,
  }));
const changeCounts = (entries: ChangeEntry[]): Record<string, ChangeCounts> =>
  Object.fromEntries(
    entries.map((e) => [e.key, { added: e.added, removed: e.removed, modified: e.modified }]),
  );

export const toChangeDoc = (c: ChangeSummary): ChangeSummaryDoc => ({
  ...c,
  byType: changeEntries(c.byType),
  byStorey: changeEntries(c.byStorey),
});

export const toVersionRecord = (d: VersionDoc): VersionRecord => ({
  projectId: d.projectId,
  modelId: d.modelId,
  version: d.version,
  number: d.number,
  fileName: d.fileName,
  fileSize: d.fileSize,
  uploaderId: d.uploaderId ?? null,
  status: d.status,
  error: d.error ?? null,
  schema: d.ifcSchema ?? null,
  elementCount: d.elementCount,
  propertyCount: d.propertyCount,
  spatialCount: d.spatialCount,
  countsByType: fromEntries(d.countsByType),
  countsByStorey: fromEntries(d.countsByStorey),
  createdAt: d.createdAt.toISOString(),
  processedAt: d.processedAt ? d.processedAt.toISOString() : null,
  processingMs: d.processingMs ?? null,
  retained: d.retained,
  supersededAt: d.supersededAt ? d.supersededAt.toISOString() : null,
  warnings: d.warnings ?? [],
  changes: d.changes
    ? {
        status: d.changes.status,
        previousVersionNumber: d.changes.previousVersionNumber ?? null,
        added: d.changes.added,
        removed: d.changes.removed,
        modified: d.changes.modified,
        propertyValuesChanged: d.changes.propertyValuesChanged,
        commonElements: d.changes.commonElements,
        byType: changeCounts(d.changes.byType),
        byStorey: changeCounts(d.changes.byStorey),
        error: d.changes.error ?? null,
      }
    : null,
});

export { toEntries };
