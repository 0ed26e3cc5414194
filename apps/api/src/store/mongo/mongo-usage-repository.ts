import type { mongo } from 'mongoose';
import type { UsageKind, UsageRepository } from '../types';

interface UsageDoc {
  _id: string;
  day: string;
  userId: string | null;
  projectId: string | null;
  kind: UsageKind;
  count: number;
}

export function createMongoUsageRepository(db: mongo.Db): UsageRepository {
  const usage = db.collection<UsageDoc>('usage_daily');
  return {
    async add(deltas) {
      // One upsert per key, sequentially: FerretDB hangs on update bulkWrites of 100 operations or more.
      for (const d of deltas) {
        await usage.updateOne(
          { _id: [d.day, d.userId ?? '', d.projectId ?? '', d.kind].join('|') },
          {
            $setOnInsert: { day: d.day, userId: d.userId, projectId: d.projectId, kind: d.kind },
            $inc: { count: d.count },
          },
          { upsert: true },
        );
      }
    },
    async totals() {
      const totals: Record<UsageKind, number> = { feed: 0, export: 0, api: 0 };
      const rows = await usage
        .aggregate<{ _id: UsageKind; n: number }>([{ $group: { _id: '$kind', n: { $sum: '$count' } } }])
        .toArray();
      for (const row of rows) totals[row._id] = row.n;
      return totals;
    },
    async forUser(userId) {
      const docs = await usage.find({ userId }).toArray();
      const byDay = new Map<string, { day: string; kind: UsageKind; count: number }>();
      const byProject = new Map<string, { projectId: string; kind: UsageKind; count: number }>();
      for (const d of docs) {
        const dayKey = `${d.day}|${d.kind}`;
        byDay.set(dayKey, { day: d.day, kind: d.kind, count: (byDay.get(dayKey)?.count ?? 0) + d.count });
        if (d.projectId) {
          const projectKey = `${d.projectId}|${d.kind}`;
          byProject.set(projectKey, {
            projectId: d.projectId,
            kind: d.kind,
            count: (byProject.get(projectKey)?.count ?? 0) + d.count,
          });
        }
      }
      return {
        byDay: [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day)),
        byProject: [...byProject.values()],
      };
    },
  };
}

/** Removes a user's usage counts (account deletion). */
export const deleteUserUsage = (db: mongo.Db, userId: string) =>
  db.collection('usage_daily').deleteMany({ userId });
