import { Workflow } from 'lucide-react';
import { Link } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { appPaths } from '@/config/app-paths';
import { DocsLinkList } from '@/features/app-shell/components/docs-link-list';
import { GettingStarted } from '@/features/app-shell/components/getting-started';
import { ToolCard } from '@/features/app-shell/components/tool-card';
import { usePlatformStats } from '@/features/stats/api/get-platform-stats';
import { StatsStrip } from '@/features/stats/components/stats-strip';
import { getErrorMessage } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';

export function AppHomeRoute() {
  usePageTitle('AEC Data Tools');
  const stats = usePlatformStats();
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader
        title="AEC Data Tools"
        description="Turn IFC building models into live OData feeds for Tableau, Power BI and Excel."
        actions={
          <Button asChild variant="outline">
            <Link to={appPaths.dashboard}>Go to Dashboard</Link>
          </Button>
        }
      />
      <StatsStrip stats={stats.data} />
      {stats.isError ? (
        <Alert variant="destructive">
          <AlertDescription>
            Platform statistics are unavailable: {getErrorMessage(stats.error)}
          </AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-4 2xl:grid-cols-[minmax(0,24rem)_1fr]">
        <ToolCard
          title="IFC Tableau OData Connector"
          description="Upload an IFC model and get an OData v4.0 endpoint your BI tool can read."
          icon={Workflow}
          status="available"
          url={appPaths.connector}
          features={[
            'Backend IFC Processing',
            'Real-time Processing Logs',
            'OData v4.0 Endpoint',
            'Tableau Public Compatible',
          ]}
        />
        <GettingStarted />
      </div>
      <section aria-labelledby="home-docs" className="grid gap-3">
        <h2 id="home-docs" className="text-lg font-semibold">
          Documentation
        </h2>
        <DocsLinkList />
      </section>
    </div>
  );
}

export default AppHomeRoute;
