import type { UsageKind, UsageRepository } from '../types';
import type { SqliteDb } from './database';
import type { SqliteWrite } from './write-transaction';

export function createSqliteUsageRepository(db: SqliteDb, write: SqliteWrite): UsageRepository {
  const upsert = db.prepare(
    `INSERT INTO usage_daily (day, user_id, project_id, kind, count) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (day, ifnull(user_id, ''), ifnull(project_id, ''), kind) DO UPDATE SET count = count + excluded.count`,
  );
  const userExists = db.prepare('SELECT 1 FROM users WHERE id = ?');
  const add = (deltas: Parameters<UsageRepository['add']>[0]) =>
    write(() => {
      for (const d of deltas) {
        // A user deleted between counting and flushing has nothing left to count against.
        const userId = d.userId && userExists.get(d.userId) ? d.userId : null;
        upsert.run(d.day, userId, d.projectId, d.kind, d.count);
      }
    });
  return {
    async add(deltas) {
      if (deltas.length) add(deltas);
    },
    async totals() {
      const totals: Record<UsageKind, number> = { feed: 0, export: 0, api: 0 };
      for (const row of db.prepare('SELECT kind, SUM(count) AS n FROM usage_daily GROUP BY kind').all() as {
        kind: UsageKind;
        n: number;
      }[]) {
        totals[row.kind] = row.n;
      }
      return totals;
    },
    async forUser(userId) {
      const byDay = db
        .prepare(
          'SELECT day, kind, SUM(count) AS count FROM usage_daily WHERE user_id = ? GROUP BY day, kind ORDER BY day',
        )
        .all(userId) as { day: string; kind: UsageKind; count: number }[];
      const byProject = db
        .prepare(
          `SELECT project_id AS projectId, kind, SUM(count) AS count FROM usage_daily
           WHERE user_id = ? AND project_id IS NOT NULL GROUP BY project_id, kind`,
        )
        .all(userId) as { projectId: string; kind: UsageKind; count: number }[];
      return { byDay, byProject };
    },
  };
}
