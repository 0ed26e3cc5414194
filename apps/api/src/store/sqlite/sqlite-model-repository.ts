import { isRunningStatus } from '@aec/contracts';
import { DuplicateError, type ModelDeletion, type ModelRepository } from '../types';
import type { SqliteDb } from './database';
import type { SqliteWrite } from './write-transaction';
import type { SqliteWideElements } from './sqlite-wide-elements';
import type { RemoveVersionRows } from './sqlite-version-rows';
import { createChangeRepointing, createChangeRowRenamer } from './sqlite-change-repointing';
import {
  toModel,
  toVersion,
  type ModelRow,
  type SqliteVersionBook,
  type VersionRow,
} from './sqlite-version-book';

/** Version record fields a caller may change, and their columns (JSON for the structured ones). */
const VERSION_PATCH = {
  status: { column: 'status', json: false },
  error: { column: 'error', json: false },
  processingMs: { column: 'processing_ms', json: false },
  warnings: { column: 'warnings', json: true },
  changes: { column: 'changes', json: true },
} as const;

const ROW_TABLES = ['ifc_elements', 'ifc_properties', 'ifc_spatial'] as const;
const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

export function createSqliteModelRepository(
  db: SqliteDb,
  write: SqliteWrite,
  wide: SqliteWideElements,
  book: SqliteVersionBook,
  removeRows: RemoveVersionRows,
): ModelRepository {
  const insert = db.prepare(
    'INSERT INTO models (id, project_id, name, created_at) VALUES (@id, @projectId, @name, @now)',
  );
  const byId = db.prepare('SELECT * FROM models WHERE id = ? AND project_id = ?');
  const byProject = db.prepare('SELECT * FROM models WHERE project_id = ? ORDER BY rowid');
  const rename = db.prepare('UPDATE models SET name = ? WHERE id = ? AND project_id = ?');
  const renameRows = ROW_TABLES.map((table) =>
    db.prepare(`UPDATE ${table} SET model_name = ? WHERE project_id = ? AND version = ?`),
  );
  const renameChanges = createChangeRowRenamer(db);
  const repointChanges = createChangeRepointing(db);
  const removeModel = db.prepare('DELETE FROM models WHERE id = ? AND project_id = ?');
  const versionByNumber = db.prepare(
    'SELECT * FROM versions WHERE project_id = ? AND model_id = ? AND number = ?',
  );
  const versionByRow = db.prepare('SELECT * FROM versions WHERE project_id = ? AND version = ?');
  const versionsOfModel = db.prepare(
    'SELECT * FROM versions WHERE project_id = ? AND model_id = ? ORDER BY number DESC',
  );
  const versionsOfProject = db.prepare(
    'SELECT * FROM versions WHERE project_id = ? ORDER BY number DESC, version DESC',
  );
  const removeVersion = db.prepare('DELETE FROM versions WHERE project_id = ? AND version = ?');
  const setPublished = db.prepare('UPDATE models SET published_version = ? WHERE id = ? AND project_id = ?');
  const stampOnly = db.prepare('UPDATE projects SET processed_at = ? WHERE id = ? AND version > 0');
  const stampOf = db.prepare('SELECT COALESCE(processed_at, created_at) AS stamp FROM projects WHERE id = ?');

  const modelVersions = (projectId: string, modelId: string) =>
    versionsOfModel.all(projectId, modelId) as VersionRow[];

  /** A later stamp for the project, so that page links pinned before a change of served values stop matching. */
  function touch(projectId: string): void {
    const row = stampOf.get(projectId) as { stamp: string } | undefined;
    if (!row) return;
    const now = Math.max(Date.now(), Date.parse(row.stamp) + 1);
    stampOnly.run(new Date(now).toISOString(), projectId);
  }

  return {
    async create(model) {
      try {
        write(() => insert.run({ ...model, now: new Date().toISOString() }));
      } catch (err) {
        if (/UNIQUE constraint failed: models\.id|PRIMARY KEY/.test((err as Error).message))
          throw new DuplicateError('id');
        throw err;
      }
      return toModel(byId.get(model.id, model.projectId) as ModelRow);
    },
    async findById(projectId, modelId) {
      const row = byId.get(modelId, projectId) as ModelRow | undefined;
      return row ? toModel(row) : null;
    },
    async listByProject(projectId) {
      return (byProject.all(projectId) as ModelRow[]).map(toModel);
    },
    async rename(projectId, modelId, name) {
      return write(() => {
        if (rename.run(name, modelId, projectId).changes === 0) return false;
        for (const v of modelVersions(projectId, modelId)) {
          if (v.retained !== 1) continue;
          for (const statement of renameRows) statement.run(name, projectId, v.version);
          renameChanges(name, projectId, v.version);
          const catalog = wide.catalog(projectId, v.version);
          if (catalog)
            db.prepare(
              `UPDATE ${q(catalog.table)} SET model_name = ? WHERE project_id = ? AND version = ?`,
            ).run(name, projectId, v.version);
        }
        touch(projectId);
        return true;
      });
    },
    async delete(projectId, modelId) {
      return write((): ModelDeletion => {
        if (!byId.get(modelId, projectId)) return 'not-found';
        if (byProject.all(projectId).length <= 1) return 'last-model';
        for (const v of modelVersions(projectId, modelId)) removeRows(projectId, v.version);
        removeModel.run(modelId, projectId);
        book.refreshProject(projectId);
        return 'deleted';
      });
    },
    async createVersion(v) {
      const row = book.createVersion(v);
      if (!row) throw new Error(`model ${v.modelId} of project ${v.projectId} does not exist`);
      return toVersion(row);
    },
    async findVersion(projectId, modelId, number) {
      const row = versionByNumber.get(projectId, modelId, number) as VersionRow | undefined;
      return row ? toVersion(row) : null;
    },
    async findVersionByRowVersion(projectId, version) {
      const row = versionByRow.get(projectId, version) as VersionRow | undefined;
      return row ? toVersion(row) : null;
    },
    async listVersions(projectId, modelId) {
      const rows = (
        modelId === undefined ? versionsOfProject.all(projectId) : versionsOfModel.all(projectId, modelId)
      ) as VersionRow[];
      return rows.map(toVersion);
    },
    async updateVersion(projectId, version, patch, expect) {
      const sets: string[] = [];
      const params: unknown[] = [];
      for (const [field, { column, json }] of Object.entries(VERSION_PATCH)) {
        if (!(field in patch)) continue;
        const value = patch[field as keyof typeof patch];
        sets.push(`${column} = ?`);
        params.push(json && value !== null && value !== undefined ? JSON.stringify(value) : (value ?? null));
      }
      // With `expect`: only while the summary is still against that version (deleteVersion re-points it).
      const guard = expect ? " AND json_extract(changes, '$.previousVersionNumber') = ?" : '';
      if (!sets.length)
        return (
          db
            .prepare(`SELECT 1 FROM versions WHERE project_id = ? AND version = ?${guard}`)
            .get(projectId, version, ...(expect ? [expect.changesAgainst] : [])) !== undefined
        );
      const result = write(() =>
        db
          .prepare(`UPDATE versions SET ${sets.join(', ')} WHERE project_id = ? AND version = ?${guard}`)
          .run(...params, projectId, version, ...(expect ? [expect.changesAgainst] : [])),
      );
      return result.changes > 0;
    },
    async rollback(projectId, modelId, number) {
      return write(() => {
        const target = versionByNumber.get(projectId, modelId, number) as VersionRow | undefined;
        if (!target || target.retained !== 1 || target.status !== 'ready') return false;
        book.switching(projectId, modelId, () => setPublished.run(target.version, modelId, projectId));
        book.refreshProject(projectId, target);
        return true;
      });
    },
    async deleteVersion(projectId, modelId, number) {
      return write(() => {
        const target = versionByNumber.get(projectId, modelId, number) as VersionRow | undefined;
        const model = byId.get(modelId, projectId) as ModelRow | undefined;
        if (!target || !model || model.published_version === target.version) return false;
        // a version whose rows are still being written cannot be deleted under its writer
        if (isRunningStatus(target.status)) return false;
        removeRows(projectId, target.version);
        removeVersion.run(projectId, target.version);
        // In the same transaction: the feed never serves a change set against a version that is gone.
        repointChanges(projectId, modelId, number);
        return true;
      });
    },
  };
}
