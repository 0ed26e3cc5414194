import type { JobRecord, JobRepository, JobStatus } from '../types';
import type { SqliteDb } from './database';
import type { SqliteWrite } from './write-transaction';

interface JobRow {
  id: string;
  project_id: string;
  owner_id: string | null;
  status: JobStatus;
  version: number;
  file_path: string;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  duration_ms: number | null;
}

const toRecord = (row: JobRow): JobRecord => ({
  id: row.id,
  projectId: row.project_id,
  ownerId: row.owner_id,
  status: row.status,
  version: row.version,
  filePath: row.file_path,
  error: row.error,
  createdAt: row.created_at,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
  durationMs: row.duration_ms,
});

const PATCHABLE = {
  status: 'status',
  error: 'error',
  startedAt: 'started_at',
  finishedAt: 'finished_at',
  durationMs: 'duration_ms',
} as const;

export function createSqliteJobRepository(db: SqliteDb, write: SqliteWrite): JobRepository {
  const byId = db.prepare('SELECT * FROM jobs WHERE id = ?');
  // Jobs outlive their project (no foreign key), but a job is only ever created for a project that exists.
  const insert = db.prepare(
    `INSERT INTO jobs (id, project_id, owner_id, status, version, file_path, created_at)
     SELECT @id, @projectId, @ownerId, 'queued', @version, @filePath, @now
     WHERE EXISTS (SELECT 1 FROM projects WHERE id = @projectId)`,
  );
  return {
    async create(job) {
      const { changes } = write(() => insert.run({ ...job, now: new Date().toISOString() }));
      if (changes === 0) throw new Error(`project ${job.projectId} does not exist`);
      return toRecord(byId.get(job.id) as JobRow);
    },
    async findById(id) {
      const row = byId.get(id) as JobRow | undefined;
      return row ? toRecord(row) : null;
    },
    async update(id, patch) {
      const entries = Object.entries(patch).filter(([, v]) => v !== undefined) as [
        keyof typeof PATCHABLE,
        unknown,
      ][];
      if (!entries.length) return;
      const sets = entries.map(([key]) => `${PATCHABLE[key]} = @${key}`).join(', ');
      const statement = db.prepare(`UPDATE jobs SET ${sets} WHERE id = @id`);
      write(() => statement.run({ ...Object.fromEntries(entries), id }));
    },
    async listByOwner(ownerId, limit) {
      return (
        db
          .prepare('SELECT * FROM jobs WHERE owner_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?')
          .all(ownerId, limit) as JobRow[]
      ).map(toRecord);
    },
    async listByProject(projectId) {
      return (
        db
          .prepare('SELECT * FROM jobs WHERE project_id = ? ORDER BY created_at DESC, rowid DESC')
          .all(projectId) as JobRow[]
      ).map(toRecord);
    },
    async listByStatus(statuses) {
      if (!statuses.length) return [];
      const marks = statuses.map(() => '?').join(', ');
      return (
        db
          .prepare(`SELECT * FROM jobs WHERE status IN (${marks}) ORDER BY created_at`)
          .all(...statuses) as JobRow[]
      ).map(toRecord);
    },
  };
}
