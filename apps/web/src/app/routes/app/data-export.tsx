import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { appPaths } from '@/config/app-paths';
import { useProjects } from '@/lib/api/projects';
import { ExportList } from '@/features/projects/components/export-list';
import { NoProjects } from '@/features/projects/components/no-projects';
import { usePageTitle } from '@/lib/use-page-title';

export function DataExportRoute() {
  usePageTitle('Export Data');
  const projects = useProjects();
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Export Data"
        description="Download a project's element table as CSV: one row per element with its type, storey, material and quantities."
      />
      <p className="text-sm text-muted-foreground">
        For a live connection rather than a file, use the project&apos;s feed URL from{' '}
        <Link to={appPaths.dataSources} className="text-primary underline underline-offset-2">
          Data Sources
        </Link>
        .
      </p>
      <QueryState
        query={projects}
        loadingLabel="Loading projects..."
        errorTitle="Could not load your projects"
      >
        {(list) =>
          list.length === 0 ? (
            <NoProjects connectorUrl={appPaths.connector} />
          ) : (
            <ExportList projects={list} />
          )
        }
      </QueryState>
    </div>
  );
}

export default DataExportRoute;
