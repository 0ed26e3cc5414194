import { FileBarChart, Gauge, PieChart } from 'lucide-react';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { appPaths } from '@/config/app-paths';
import { LinkCard } from '@/features/dashboard/components/link-card';
import { useUserStats } from '@/features/stats/api/get-user-stats';
import { usePageTitle } from '@/lib/use-page-title';

const integer = new Intl.NumberFormat('en-US');

export function AnalyticsOverviewRoute() {
  usePageTitle('Analytics');
  const stats = useUserStats();
  return (
    <div className="grid gap-6">
      <PageHeader title="Analytics" description="Look inside your models and at how their feeds are used." />
      <QueryState query={stats} loadingLabel="Loading figures...">
        {(data) => (
          <div className="grid gap-4 md:grid-cols-3">
            <LinkCard
              title="Project Analytics"
              icon={PieChart}
              url={appPaths.analyticsProjects}
              description="Elements by type and storey, quantity totals"
              content={`${integer.format(data.readyProjects)} ready project${data.readyProjects === 1 ? '' : 's'}, ${integer.format(data.elements)} elements`}
            />
            <LinkCard
              title="Performance"
              icon={Gauge}
              url={appPaths.analyticsPerformance}
              description="Processing times and feed requests per project"
              content={`${integer.format(data.feedRequests)} feed requests served`}
            />
            <LinkCard
              title="Reports"
              icon={FileBarChart}
              url={appPaths.analyticsReports}
              description="A printable summary of a project"
              content={`${integer.format(data.projects)} project${data.projects === 1 ? '' : 's'} to report on`}
            />
          </div>
        )}
      </QueryState>
    </div>
  );
}

export default AnalyticsOverviewRoute;
