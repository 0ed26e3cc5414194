import {
  DuplicateError,
  OwnerGoneError,
  type ProjectRecord,
  type ProjectRepository,
  type ProjectStatus,
} from '../types';
import type { SqliteDb } from './database';
import type { SqliteWrite } from './write-transaction';
import type { SqliteWideElements } from './sqlite-wide-elements';
import type { SqliteVersionBook } from './sqlite-version-book';

interface ProjectRow {
  id: string;
  owner_id: string | null;
  is_public: number;
  name: string;
  file_name: string;
  file_size: number;
  status: ProjectStatus;
  schema: string | null;
  version: number;
  element_count: number;
  property_count: number;
  spatial_count: number;
  counts_by_type: string;
  counts_by_storey: string;
  error: string | null;
  created_at: string;
  processed_at: string | null;
  retention: number | null;
}

const toRecord = (row: ProjectRow): ProjectRecord => ({
  id: row.id,
  ownerId: row.owner_id,
  isPublic: row.is_public === 1,
  name: row.name,
  fileName: row.file_name,
  fileSize: row.file_size,
  status: row.status,
  schema: row.schema,
  version: row.version,
  elementCount: row.element_count,
  propertyCount: row.property_count,
  spatialCount: row.spatial_count,
  countsByType: JSON.parse(row.counts_by_type) as Record<string, number>,
  countsByStorey: JSON.parse(row.counts_by_storey) as Record<string, number>,
  error: row.error,
  createdAt: row.created_at,
  processedAt: row.processed_at,
  retention: row.retention,
});

export function createSqliteProjectRepository(
  db: SqliteDb,
  write: SqliteWrite,
  wide: SqliteWideElements,
  book: SqliteVersionBook,
): ProjectRepository {
  const byId = db.prepare('SELECT * FROM projects WHERE id = ?');
  const byOwner = db.prepare(
    'SELECT * FROM projects WHERE owner_id = ? ORDER BY created_at DESC, rowid DESC',
  );
  const insert = db.prepare(
    `INSERT INTO projects (id, owner_id, is_public, name, file_name, file_size, status, schema, created_at)
     VALUES (@id, @ownerId, @isPublic, @name, @fileName, @fileSize, 'queued', @schema, @now)`,
  );
  const setStatus = db.prepare('UPDATE projects SET status = ?, error = ? WHERE id = ?');
  const bumpVersion = db.prepare(
    'UPDATE projects SET max_version = max_version + 1 WHERE id = ? RETURNING max_version',
  );
  const remove = db.prepare('DELETE FROM projects WHERE id = ?');
  const chooseForRoot = db.prepare(
    `INSERT INTO project_root_choices (user_id, project_id)
     SELECT @userId, id FROM projects WHERE id = @id AND is_public = 1 ON CONFLICT DO NOTHING`,
  );
  const setRetention = db.prepare('UPDATE projects SET retention = ? WHERE id = ?');
  const rename = db.prepare('UPDATE projects SET name = ? WHERE id = ?');

  return {
    async create(project) {
      try {
        write(() =>
          insert.run({ ...project, isPublic: project.isPublic ? 1 : 0, now: new Date().toISOString() }),
        );
      } catch (err) {
        if (/UNIQUE constraint failed: projects\.id|PRIMARY KEY/.test((err as Error).message))
          throw new DuplicateError('id');
        // owner_id is the table's one foreign key: the owner was deleted after the request's session was checked
        if (project.ownerId !== null && /FOREIGN KEY constraint failed/.test((err as Error).message))
          throw new OwnerGoneError(project.ownerId);
        throw err;
      }
      return toRecord(byId.get(project.id) as ProjectRow);
    },
    async findById(id) {
      const row = byId.get(id) as ProjectRow | undefined;
      return row ? toRecord(row) : null;
    },
    async listByOwner(ownerId) {
      return (byOwner.all(ownerId) as ProjectRow[]).map(toRecord);
    },
    async setStatus(id, status, error = null) {
      write(() => setStatus.run(status, error, id));
    },
    async publish(id, version, summary) {
      book.publish(id, version, summary);
    },
    async setRetention(id, retention) {
      write(() => {
        setRetention.run(retention, id);
        book.applyProjectRetention(id);
      });
    },
    async rename(id, name) {
      return write(() => rename.run(name, id).changes > 0);
    },
    async nextVersion(id) {
      const row = write(() => bumpVersion.get(id) as { max_version: number } | undefined);
      if (!row) throw new Error(`project ${id} does not exist`);
      return row.max_version;
    },
    async totals() {
      const row = db
        .prepare(
          "SELECT COUNT(*) AS n, COALESCE(SUM(element_count), 0) AS elements FROM projects WHERE status = 'ready'",
        )
        .get() as { n: number; elements: number };
      return { readyProjects: row.n, elements: row.elements };
    },
    async addToRoot(id, userId) {
      write(() => chooseForRoot.run({ id, userId }));
    },
    async delete(id) {
      // Models, versions and rows go with the project through ON DELETE CASCADE; jobs stay (migration 9).
      return write(() => {
        wide.dropTables(id);
        return remove.run(id).changes > 0;
      });
    },
  };
}
