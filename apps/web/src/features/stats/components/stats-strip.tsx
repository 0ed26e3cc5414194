import type { PlatformStats } from '@aec/contracts';
import { Card } from '@/components/ui/card';
import { friendlyCount } from '../friendly-count';

/** Each figure's label, singular and plural ("1 project analyzed", "2 projects analyzed"). */
const items: { key: keyof PlatformStats; one: string; many: string }[] = [
  { key: 'elementsProcessed', one: 'IFC element processed', many: 'IFC elements processed' },
  { key: 'projectsAnalyzed', one: 'project analyzed', many: 'projects analyzed' },
  { key: 'dataExports', one: 'data export', many: 'data exports' },
  { key: 'apiRequests', one: 'API request', many: 'API requests' },
];

/**
 * Totals over every user of this server (the public demo project included), counted by the server, in the spec's
 * '50,000+' style. Said in so many words, since a new user would otherwise read "1 project analyzed" as theirs.
 */
export function StatsStrip({ stats }: { stats: PlatformStats | undefined }) {
  return (
    <section className="grid gap-2" aria-label="Platform statistics">
      <p className="text-sm font-medium text-muted-foreground">
        On this platform, all users together (your own figures are on the Dashboard)
      </p>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {items.map(({ key, one, many }) => (
          <Card key={key} className="p-4" data-stat={key}>
            <p
              className="text-2xl font-bold tabular-nums"
              title={stats ? stats[key].toLocaleString('en-US') : undefined}
            >
              {stats ? friendlyCount(stats[key]) : '…'}
            </p>
            <p className="text-sm text-muted-foreground">{stats && stats[key] === 1 ? one : many}</p>
          </Card>
        ))}
      </div>
    </section>
  );
}
