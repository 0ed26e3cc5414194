import type { DailyCount } from '@aec/contracts';
import { Badge } from '@/components/ui/badge';
import { RangeAreaChart } from './range-area-chart';

/** The same chart over the user's real feed requests per day (server counts, last 90 days). */
export function FeedRequestsChart({ daily }: { daily: DailyCount[] }) {
  const today = new Date().toISOString().slice(0, 10);
  return (
    <RangeAreaChart
      title="Feed requests"
      badge={<Badge variant="secondary">Live</Badge>}
      description="OData requests to your projects' feeds per day, counted by the server."
      data={daily}
      referenceDate={daily.at(-1)?.date ?? today}
      series={[{ key: 'count', label: 'Requests', color: 'var(--primary)' }]}
    />
  );
}
