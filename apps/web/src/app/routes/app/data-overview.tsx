import { Database, Download, Upload } from 'lucide-react';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { appPaths } from '@/config/app-paths';
import { LinkCard } from '@/features/dashboard/components/link-card';
import { useProjects } from '@/lib/api/projects';
import { formatInteger } from '@/lib/format';
import { usePageTitle } from '@/lib/use-page-title';

export function DataOverviewRoute() {
  usePageTitle('Data Integration');
  const projects = useProjects();
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Data Integration"
        description="Get models in, get data out: imports, exports and feeds."
      />
      <QueryState query={projects} loadingLabel="Loading projects...">
        {(list) => {
          const ready = list.filter((p) => p.status === 'ready');
          const elements = ready.reduce((sum, p) => sum + p.elementCount, 0);
          return (
            <div className="grid gap-4 md:grid-cols-3">
              <LinkCard
                title="Import Data"
                icon={Upload}
                url={appPaths.dataImport}
                description="Upload IFC models through the connector"
                content={`${formatInteger(list.length)} project${list.length === 1 ? '' : 's'} imported`}
              />
              <LinkCard
                title="Export Data"
                icon={Download}
                url={appPaths.dataExport}
                description="Download element tables as CSV"
                content={`${formatInteger(ready.length)} ready to export, ${formatInteger(elements)} elements`}
              />
              <LinkCard
                title="Data Sources"
                icon={Database}
                url={appPaths.dataSources}
                description="Feed URLs for Tableau, Power BI and Excel"
                content={`${formatInteger(ready.length)} live OData feed${ready.length === 1 ? '' : 's'}`}
              />
            </div>
          );
        }}
      </QueryState>
    </div>
  );
}

export default DataOverviewRoute;
