import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { appPaths } from '@/config/app-paths';
import { useProjects } from '@/lib/api/projects';
import { UploadEntryAction } from '@/features/models/components/upload-entry-action';
import { NoProjects } from '@/features/projects/components/no-projects';
import { ProjectTable } from '@/features/projects/components/project-table';
import { usePageTitle } from '@/lib/use-page-title';

export function DataSourcesRoute() {
  usePageTitle('Data Sources');
  const projects = useProjects();
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Data Sources"
        description="Your IFC projects and the OData feed URL each one publishes. Paste a URL into Tableau, Power BI or Excel."
      />
      <QueryState
        query={projects}
        loadingLabel="Loading projects..."
        errorTitle="Could not load your projects"
      >
        {(list) =>
          list.length === 0 ? (
            <NoProjects connectorUrl={appPaths.connector} />
          ) : (
            <ProjectTable projects={list} actions={(project) => <UploadEntryAction project={project} />} />
          )
        }
      </QueryState>
    </div>
  );
}

export default DataSourcesRoute;
