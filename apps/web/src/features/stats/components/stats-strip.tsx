import type { PlatformStats } from '@aec/contracts';
import { Card } from '@/components/ui/card';
import { friendlyCount } from '../friendly-count';

const items: { key: keyof PlatformStats; label: string }[] = [
  { key: 'elementsProcessed', label: 'IFC elements processed' },
  { key: 'projectsAnalyzed', label: 'Projects analyzed' },
  { key: 'dataExports', label: 'Data exports' },
  { key: 'apiRequests', label: 'API requests' },
];

/** Platform totals counted by the server, in the spec's '50,000+' style. */
export function StatsStrip({ stats }: { stats: PlatformStats | undefined }) {
  return (
    <section className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Platform statistics">
      {items.map(({ key, label }) => (
        <Card key={key} className="p-4" data-stat={key}>
          <p
            className="text-2xl font-bold tabular-nums"
            title={stats ? stats[key].toLocaleString('en-US') : undefined}
          >
            {stats ? friendlyCount(stats[key]) : '…'}
          </p>
          <p className="text-sm text-muted-foreground">{label}</p>
        </Card>
      ))}
    </section>
  );
}
