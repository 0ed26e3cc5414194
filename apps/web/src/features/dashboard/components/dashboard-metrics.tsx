import type { UserStats } from '@aec/contracts';
import { Boxes, Download, FolderKanban, Radio } from 'lucide-react';
import { formatInteger } from '@/lib/format';
import { weekOverWeek } from '../format';
import { MetricCard } from './metric-card';

/** The four stat cards, from the user's own figures. */
export function DashboardMetrics({ stats }: { stats: UserStats }) {
  const change = weekOverWeek(stats.feedRequestsByDay);
  const lastWeek = stats.feedRequestsByDay.slice(-7).reduce((sum, day) => sum + day.count, 0);
  const failed = stats.perProject.filter((project) => project.status === 'failed').length;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <MetricCard
        title="Projects"
        value={formatInteger(stats.projects)}
        icon={FolderKanban}
        description="IFC models you uploaded"
        footerText={`${formatInteger(stats.readyProjects)} ready to query`}
        footerSubtext={failed > 0 ? `${failed} failed to process` : 'Processed into OData feeds'}
        viewMoreUrl="/app/data/sources"
      />
      <MetricCard
        title="Elements"
        value={formatInteger(stats.elements)}
        icon={Boxes}
        description="Building elements extracted"
        footerText="Across all your projects"
        footerSubtext="Rows in the IFCElements feed"
      />
      <MetricCard
        title="Feed requests"
        value={formatInteger(stats.feedRequests)}
        icon={Radio}
        description="OData data requests with your account"
        {...(change ? { change } : {})}
        footerText={`${formatInteger(lastWeek)} in the last 7 days`}
        footerSubtext="Per project on Performance"
        viewMoreUrl="/app/analytics/performance"
      />
      <MetricCard
        title="Exports"
        value={formatInteger(stats.exports)}
        icon={Download}
        description="CSV downloads of your elements"
        footerText="Element tables exported"
        footerSubtext="From Export Data"
        viewMoreUrl="/app/data/export"
      />
    </div>
  );
}
