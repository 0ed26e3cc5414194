import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { CountBarChart } from '@/features/analytics/components/count-bar-chart';
import { ProjectPicker } from '@/features/analytics/components/project-picker';
import { QuantityTotalsCard } from '@/features/analytics/components/quantity-totals-card';
import { appPaths } from '@/config/app-paths';
import { useProjects } from '@/lib/api/projects';
import { NoProjects } from '@/features/projects/components/no-projects';
import { StatusBadge } from '@/features/projects/components/status-badge';
import { formatInteger } from '@/lib/format';
import { usePageTitle } from '@/lib/use-page-title';
import { useSelectedProject } from './use-selected-project';

export function AnalyticsProjectsRoute() {
  usePageTitle('Project Analytics');
  const projects = useProjects();
  const { selected, select } = useSelectedProject(projects.data);
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Project Analytics"
        description="What a model contains: elements by type and storey, and its quantity totals."
      />
      <QueryState query={projects} loadingLabel="Loading projects...">
        {(list) =>
          list.length === 0 || !selected ? (
            <NoProjects connectorUrl={appPaths.connector} />
          ) : (
            <>
              <div className="flex flex-wrap items-end gap-4">
                <ProjectPicker projects={list} value={selected.projectId} onChange={select} />
                <StatusBadge status={selected.status} />
                <p className="text-sm text-muted-foreground">
                  {formatInteger(selected.elementCount)} elements ·{' '}
                  {Object.keys(selected.countsByType).length} IFC types ·{' '}
                  {Object.keys(selected.countsByStorey).length} storeys
                </p>
              </div>
              <div className="grid gap-4 xl:grid-cols-2">
                <Card role="region" aria-label="Elements by type">
                  <CardHeader>
                    <CardTitle className="text-base">Elements by type</CardTitle>
                    <CardDescription>IFC entity types, largest first</CardDescription>
                  </CardHeader>
                  <CardContent>
                    <CountBarChart counts={selected.countsByType} label="Elements by type" />
                  </CardContent>
                </Card>
                <Card role="region" aria-label="Elements by storey">
                  <CardHeader>
                    <CardTitle className="text-base">Elements by storey</CardTitle>
                    <CardDescription>Building storeys the elements are contained in</CardDescription>
                  </CardHeader>
                  <CardContent>
                    <CountBarChart counts={selected.countsByStorey} label="Elements by storey" />
                  </CardContent>
                </Card>
              </div>
              {selected.status === 'ready' ? (
                <QuantityTotalsCard projectId={selected.projectId} />
              ) : (
                <p className="text-sm text-muted-foreground">
                  Quantity totals appear once the project is ready.
                </p>
              )}
            </>
          )
        }
      </QueryState>
    </div>
  );
}

export default AnalyticsProjectsRoute;
