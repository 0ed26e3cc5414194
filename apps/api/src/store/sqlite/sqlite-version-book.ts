import type { ModelRecord, PublishSummary, RowContext, VersionRecord } from '../types';
import type { SqliteDb } from './database';
import type { SqliteWrite } from './write-transaction';
import type { RemoveVersionRows } from './sqlite-version-rows';
import {
  createSqliteSupersededVersions,
  DEFAULT_SNAPSHOT_GRACE_MINUTES,
  type SqliteSupersededVersions,
} from './sqlite-superseded-versions';

export interface ModelRow {
  id: string;
  project_id: string;
  name: string;
  published_version: number;
  max_number: number;
  created_at: string;
}

export interface VersionRow {
  project_id: string;
  model_id: string;
  version: number;
  number: number;
  file_name: string;
  file_size: number;
  uploader_id: string | null;
  status: VersionRecord['status'];
  error: string | null;
  schema: string | null;
  element_count: number;
  property_count: number;
  spatial_count: number;
  counts_by_type: string;
  counts_by_storey: string;
  created_at: string;
  processed_at: string | null;
  processing_ms: number | null;
  retained: number;
  superseded_at: string | null;
  warnings: string;
  changes: string | null;
}

export const toModel = (row: ModelRow): ModelRecord => ({
  id: row.id,
  projectId: row.project_id,
  name: row.name,
  publishedVersion: row.published_version,
  createdAt: row.created_at,
});

export const toVersion = (row: VersionRow): VersionRecord => ({
  projectId: row.project_id,
  modelId: row.model_id,
  version: row.version,
  number: row.number,
  fileName: row.file_name,
  fileSize: row.file_size,
  uploaderId: row.uploader_id,
  status: row.status,
  error: row.error,
  schema: row.schema,
  elementCount: row.element_count,
  propertyCount: row.property_count,
  spatialCount: row.spatial_count,
  countsByType: JSON.parse(row.counts_by_type) as Record<string, number>,
  countsByStorey: JSON.parse(row.counts_by_storey) as Record<string, number>,
  createdAt: row.created_at,
  processedAt: row.processed_at,
  processingMs: row.processing_ms,
  retained: row.retained === 1,
  supersededAt: row.superseded_at ?? null,
  warnings: JSON.parse(row.warnings) as string[],
  changes: row.changes === null ? null : (JSON.parse(row.changes) as VersionRecord['changes']),
});

const addCounts = (into: Record<string, number>, from: Record<string, number>) => {
  for (const [key, count] of Object.entries(from)) into[key] = (into[key] ?? 0) + count;
};

/**
 * The bookkeeping of models and versions shared by the project and model repositories: publishing, the project's
 * figures summed over its models, its stamp, and retention. Every function runs inside one write transaction.
 */
export function createSqliteVersionBook(
  db: SqliteDb,
  write: SqliteWrite,
  removeRows: RemoveVersionRows,
  // The row-writer thread only resolves row contexts (it never publishes): the default window serves it.
  superseded: SqliteSupersededVersions = createSqliteSupersededVersions(db, DEFAULT_SNAPSHOT_GRACE_MINUTES),
) {
  const project = db.prepare(
    'SELECT id, owner_id, name, file_name, file_size, schema, created_at, processed_at, retention FROM projects WHERE id = ?',
  );
  const versionRow = db.prepare('SELECT * FROM versions WHERE project_id = ? AND version = ?');
  const modelRow = db.prepare('SELECT * FROM models WHERE id = ? AND project_id = ?');
  const insertModel = db.prepare(
    `INSERT INTO models (id, project_id, name, created_at) VALUES (@id, @projectId, @name, @now)
     ON CONFLICT (id) DO NOTHING`,
  );
  const bumpNumber = db.prepare(
    'UPDATE models SET max_number = max_number + 1 WHERE id = ? AND project_id = ? RETURNING max_number',
  );
  const bumpVersion = db.prepare(
    'UPDATE projects SET max_version = max_version + 1 WHERE id = ? RETURNING max_version',
  );
  /** A row version the project handed out before (nextVersion) keeps its number; max_version must cover it. */
  const coverVersion = db.prepare('UPDATE projects SET max_version = max(max_version, ?) WHERE id = ?');
  const insertVersion = db.prepare(
    `INSERT INTO versions (project_id, model_id, version, number, file_name, file_size, uploader_id, status, schema,
       created_at)
     VALUES (@projectId, @modelId, @version, @number, @fileName, @fileSize, @uploaderId, @status, @schema, @now)`,
  );
  const markVersionReady = db.prepare(
    `UPDATE versions SET status = 'ready', error = NULL, schema = @schema, element_count = @elementCount,
       property_count = @propertyCount, spatial_count = @spatialCount, counts_by_type = @countsByType,
       counts_by_storey = @countsByStorey, processed_at = @now
     WHERE project_id = @id AND version = @version`,
  );
  const setPublished = db.prepare(
    'UPDATE models SET published_version = ? WHERE id = ? AND project_id = ? AND published_version <= ?',
  );
  const publishedVersions = db.prepare(
    `SELECT v.* FROM models m JOIN versions v ON v.project_id = m.project_id AND v.version = m.published_version
     WHERE m.project_id = ? ORDER BY v.version`,
  );
  const updateProject = db.prepare(
    `UPDATE projects SET version = @version, status = CASE WHEN @version > 0 THEN 'ready' ELSE status END,
       error = CASE WHEN @version > 0 THEN NULL ELSE error END,
       schema = @schema, file_name = @fileName, file_size = @fileSize, element_count = @elementCount,
       property_count = @propertyCount, spatial_count = @spatialCount, counts_by_type = @countsByType,
       counts_by_storey = @countsByStorey, processed_at = @stamp
     WHERE id = @id`,
  );
  const modelVersions = db.prepare(
    `SELECT version, number, status, retained, superseded_at FROM versions WHERE project_id = ? AND model_id = ?
     ORDER BY number DESC`,
  );
  const markPruned = db.prepare('UPDATE versions SET retained = 0 WHERE project_id = ? AND version = ?');
  const projectModels = db.prepare('SELECT id, published_version FROM models WHERE project_id = ?');

  type ProjectRow = {
    id: string;
    owner_id: string | null;
    name: string;
    file_name: string;
    file_size: number;
    schema: string | null;
    created_at: string;
    processed_at: string | null;
    retention: number | null;
  };

  /**
   * A new stamp for the project: now, or a millisecond after the previous one when the clock has not moved past it,
   * so that every publish, rollback and model deletion changes what page links pin to.
   */
  function nextStamp(p: ProjectRow): string {
    const previous = Date.parse(p.processed_at ?? p.created_at);
    const now = Date.now();
    return new Date(Number.isFinite(previous) && previous >= now ? previous + 1 : now).toISOString();
  }

  /**
   * The record of a row version; a row version without one becomes the next version of the project's default
   * model (id = project id, named like the project). Null when the project does not exist.
   */
  function ensureRecord(projectId: string, version: number): VersionRow | null {
    return write(() => {
      const existing = versionRow.get(projectId, version) as VersionRow | undefined;
      if (existing) return existing;
      const p = project.get(projectId) as ProjectRow | undefined;
      if (!p) return null;
      insertModel.run({ id: p.id, projectId: p.id, name: p.name, now: p.created_at });
      const numbered = bumpNumber.get(p.id, p.id) as { max_number: number } | undefined;
      // The id is taken by another project's model (cannot happen with project ids, which are unique): no record.
      if (!numbered) return null;
      coverVersion.run(version, p.id);
      insertVersion.run({
        projectId: p.id,
        modelId: p.id,
        version,
        number: numbered.max_number,
        fileName: p.file_name,
        fileSize: p.file_size,
        uploaderId: p.owner_id,
        status: 'processing',
        schema: p.schema,
        // The first version was accepted with the project; a later one now.
        now: numbered.max_number === 1 ? p.created_at : new Date().toISOString(),
      });
      return versionRow.get(projectId, version) as VersionRow;
    });
  }

  /** Creates a version record under a new row version of the project: status queued. */
  function createVersion(v: {
    projectId: string;
    modelId: string;
    fileName: string;
    fileSize: number;
    uploaderId: string | null;
    schema: string | null;
  }): VersionRow | null {
    return write(() => {
      if (!modelRow.get(v.modelId, v.projectId)) return null;
      const numbered = bumpNumber.get(v.modelId, v.projectId) as { max_number: number };
      const version = (bumpVersion.get(v.projectId) as { max_version: number }).max_version;
      insertVersion.run({
        ...v,
        version,
        number: numbered.max_number,
        status: 'queued',
        now: new Date().toISOString(),
      });
      return versionRow.get(v.projectId, version) as VersionRow;
    });
  }

  /**
   * Recomputes the project's figures over its models' published versions and stamps it. Schema and file name
   * come from `source` (the version just published or rolled back to), else from the newest published version.
   */
  function refreshProject(projectId: string, source?: VersionRow): void {
    const p = project.get(projectId) as ProjectRow | undefined;
    if (!p) return;
    const published = publishedVersions.all(projectId) as VersionRow[];
    const from = source ?? published[published.length - 1];
    const countsByType: Record<string, number> = {};
    const countsByStorey: Record<string, number> = {};
    for (const v of published) {
      addCounts(countsByType, JSON.parse(v.counts_by_type) as Record<string, number>);
      addCounts(countsByStorey, JSON.parse(v.counts_by_storey) as Record<string, number>);
    }
    const sum = (key: 'element_count' | 'property_count' | 'spatial_count') =>
      published.reduce((total, v) => total + v[key], 0);
    updateProject.run({
      id: projectId,
      // The newest published row version: what the project-level steps (wide set, export) treat as current.
      version: published.reduce((max, v) => Math.max(max, v.version), 0),
      schema: from?.schema ?? p.schema,
      fileName: from?.file_name ?? p.file_name,
      fileSize: from?.file_size ?? p.file_size,
      elementCount: sum('element_count'),
      propertyCount: sum('property_count'),
      spatialCount: sum('spatial_count'),
      countsByType: JSON.stringify(countsByType),
      countsByStorey: JSON.stringify(countsByStorey),
      stamp: nextStamp(p),
    });
  }

  /**
   * Keeps the rows of the model's `retention` newest versions by number and of its published one; the others'
   * rows go and they stay listed as not retained. Versions not ready (still being written, or failed) are left.
   */
  function applyRetention(
    projectId: string,
    modelId: string,
    retention: number | null,
    now = Date.now(),
  ): number {
    if (retention === null) return 0;
    const model = modelRow.get(modelId, projectId) as ModelRow | undefined;
    if (!model) return 0;
    const versions = modelVersions.all(projectId, modelId) as Pick<
      VersionRow,
      'version' | 'number' | 'status' | 'retained' | 'superseded_at'
    >[];
    // The model switched less than the snapshot window ago: a pull begun before may still read the replaced
    // version's rows or any kept version's change rows (the sweep prunes once the window is over).
    if (superseded.inWindow(superseded.lastSwitch(versions), now)) return 0;
    let pruned = 0;
    // Only ready versions hold rows worth keeping: a failed upload does not use up a place.
    versions
      .filter((v) => v.status === 'ready')
      .forEach((v, index) => {
        if (index < retention || v.version === model.published_version || v.retained !== 1) return;
        removeRows(projectId, v.version);
        markPruned.run(projectId, v.version);
        pruned++;
      });
    return pruned;
  }

  /** Prunes, under retention, the versions whose snapshot window ended by `now`; resolves to how many. */
  function pruneSuperseded(now = Date.now()): number {
    return write(() =>
      superseded.sweep(now, (projectId, modelId, at) =>
        applyRetention(projectId, modelId, (project.get(projectId) as ProjectRow).retention, at),
      ),
    );
  }

  function publish(id: string, version: number, summary: PublishSummary): void {
    write(() => {
      const record = ensureRecord(id, version);
      if (!record) return;
      markVersionReady.run({
        id,
        version,
        schema: summary.schema,
        elementCount: summary.elementCount,
        propertyCount: summary.propertyCount,
        spatialCount: summary.spatialCount,
        countsByType: JSON.stringify(summary.countsByType),
        countsByStorey: JSON.stringify(summary.countsByStorey),
        now: new Date().toISOString(),
      });
      // A version older than the one the model serves (a slow job overtaken by a later upload) does not replace it.
      superseded.switching(id, record.model_id, () =>
        setPublished.run(version, record.model_id, id, version),
      );
      refreshProject(id, versionRow.get(id, version) as VersionRow);
      applyRetention(id, record.model_id, (project.get(id) as ProjectRow).retention);
    });
  }

  /** Applies the project's retention to every model (after the setting changed). */
  function applyProjectRetention(projectId: string): void {
    write(() => {
      const p = project.get(projectId) as ProjectRow | undefined;
      if (!p) return;
      for (const m of projectModels.all(projectId) as { id: string }[])
        applyRetention(projectId, m.id, p.retention);
    });
  }

  /** The values a row version's rows carry; null when there is no such project. */
  function contextFor(projectId: string, version: number): RowContext | null {
    const record = ensureRecord(projectId, version);
    if (!record) return null;
    const model = modelRow.get(record.model_id, projectId) as ModelRow;
    return {
      modelId: record.model_id,
      modelName: model.name,
      versionNumber: record.number,
      changedAt: record.created_at,
    };
  }

  return {
    ensureRecord,
    createVersion,
    refreshProject,
    applyRetention,
    applyProjectRetention,
    pruneSuperseded,
    switching: superseded.switching,
    publish,
    contextFor,
  };
}

export type SqliteVersionBook = ReturnType<typeof createSqliteVersionBook>;
