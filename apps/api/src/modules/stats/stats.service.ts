import type { ActivityItem, PlatformStats, UserStats } from '@aec/contracts';
import type { JobRecord, Store, UserRecord } from '../../store/types';
import type { UsageCounter } from './usage-counter';

const DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

function lastDays(n: number, now = Date.now()): string[] {
  return Array.from({ length: n }, (_, i) => new Date(now - (n - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

function activityOf(job: JobRecord, names: Map<string, string>): ActivityItem[] {
  const name = names.get(job.projectId) ?? 'a deleted project';
  const items: ActivityItem[] = [
    { kind: 'upload', message: `Uploaded ${name}`, at: job.createdAt, projectId: job.projectId },
  ];
  if (job.finishedAt && job.status === 'ready') {
    items.push({
      kind: 'processed',
      message: `Processed ${name}`,
      at: job.finishedAt,
      projectId: job.projectId,
    });
  } else if (job.finishedAt && (job.status === 'failed' || job.status === 'cancelled')) {
    items.push({
      kind: job.status,
      message:
        job.status === 'failed'
          ? `Processing ${name} failed: ${job.error ?? 'unknown error'}`
          : `Cancelled processing of ${name}`,
      at: job.finishedAt,
      projectId: job.projectId,
    });
  }
  return items;
}

export type StatsService = ReturnType<typeof createStatsService>;

export function createStatsService({ store, usage }: { store: Store; usage: UsageCounter }) {
  return {
    async platform(): Promise<PlatformStats> {
      await usage.flush();
      const [projects, totals] = await Promise.all([store.projects.totals(), store.usage.totals()]);
      return {
        elementsProcessed: projects.elements,
        projectsAnalyzed: projects.readyProjects,
        dataExports: totals.export,
        apiRequests: totals.api,
      };
    },

    async forUser(user: UserRecord): Promise<UserStats> {
      await usage.flush();
      const [projects, jobs, counts] = await Promise.all([
        store.projects.listByOwner(user.id),
        store.jobs.listByOwner(user.id, 100),
        store.usage.forUser(user.id),
      ]);
      const names = new Map(projects.map((p) => [p.id, p.name]));
      const feedByDay = new Map<string, number>();
      for (const d of counts.byDay)
        if (d.kind === 'feed') feedByDay.set(d.day, (feedByDay.get(d.day) ?? 0) + d.count);
      const perProjectCount = (projectId: string, kind: 'feed' | 'export') =>
        counts.byProject
          .filter((c) => c.projectId === projectId && c.kind === kind)
          .reduce((a, c) => a + c.count, 0);
      const latestJob = new Map<string, JobRecord>();
      for (const job of jobs) if (!latestJob.has(job.projectId)) latestJob.set(job.projectId, job);
      const sum = (kind: 'feed' | 'export') =>
        counts.byDay.filter((d) => d.kind === kind).reduce((a, d) => a + d.count, 0);
      // What the per-project rows cannot show, so that every total is its rows plus this.
      const outside = (kind: 'feed' | 'export') =>
        sum(kind) - projects.reduce((a, p) => a + perProjectCount(p.id, kind), 0);
      return {
        projects: projects.length,
        readyProjects: projects.filter((p) => p.status === 'ready').length,
        elements: projects.reduce((a, p) => a + p.elementCount, 0),
        feedRequests: sum('feed'),
        exports: sum('export'),
        outsideOwnProjects: { feedRequests: outside('feed'), exports: outside('export') },
        feedRequestsByDay: lastDays(DAYS).map((date) => ({ date, count: feedByDay.get(date) ?? 0 })),
        perProject: projects.map((p) => ({
          projectId: p.id,
          name: p.name,
          status: p.status,
          elementCount: p.elementCount,
          processingMs: latestJob.get(p.id)?.durationMs ?? null,
          feedRequests: perProjectCount(p.id, 'feed'),
          exports: perProjectCount(p.id, 'export'),
        })),
        recentActivity: jobs
          .flatMap((job) => activityOf(job, names))
          .sort((a, b) => b.at.localeCompare(a.at))
          .slice(0, 20),
      };
    },
  };
}
