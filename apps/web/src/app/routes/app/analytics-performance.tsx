import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { PerformanceTable } from '@/features/analytics/components/performance-table';
import { appPaths } from '@/config/app-paths';
import { NoProjects } from '@/features/projects/components/no-projects';
import { useUserStats } from '@/features/stats/api/get-user-stats';
import { usePageTitle } from '@/lib/use-page-title';

export function AnalyticsPerformanceRoute() {
  usePageTitle('Performance');
  const stats = useUserStats();
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Performance"
        description="How long each model took to process, and how often you or your BI tools read its feed: OData data requests with your account, counted by the server ($metadata and the service document not counted)."
      />
      <QueryState query={stats} loadingLabel="Loading figures..." errorTitle="Could not load your statistics">
        {(data) =>
          data.perProject.length === 0 ? (
            <NoProjects connectorUrl={appPaths.connector} />
          ) : (
            <PerformanceTable stats={data} />
          )
        }
      </QueryState>
    </div>
  );
}

export default AnalyticsPerformanceRoute;
