import type { UserStats } from '@aec/contracts';

export type UsageRow = { label: string; feedRequests: number; exports: number };

type Figures = Pick<UserStats, 'feedRequests' | 'exports' | 'perProject' | 'outsideOwnProjects'>;

/**
 * The rows under the per-project table: the reads no project row can hold (the platform root's sets across
 * several projects, the public demo) and the total. The total is the server's own figure, the one the dashboard
 * shows, and the rows above add up to it.
 */
export function usageRows(stats: Figures): UsageRow[] {
  const rows: UsageRow[] = [];
  const other = stats.outsideOwnProjects;
  if (other.feedRequests > 0 || other.exports > 0) {
    rows.push({
      label: 'Other reads: several projects at once, or projects not yours (the demo)',
      feedRequests: other.feedRequests,
      exports: other.exports,
    });
  }
  rows.push({
    label: 'Total (as on the dashboard)',
    feedRequests: stats.feedRequests,
    exports: stats.exports,
  });
  return rows;
}
