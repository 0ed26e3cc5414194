import { Printer } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { ProjectPicker } from '@/features/analytics/components/project-picker';
import { appPaths } from '@/config/app-paths';
import { useProjects } from '@/lib/api/projects';
import { NoProjects } from '@/features/projects/components/no-projects';
import { projectFeedUrl } from '@/lib/feed-urls';
import { ProjectReport } from '@/features/reports/components/project-report';
import { usePageTitle } from '@/lib/use-page-title';
import { useSelectedProject } from './use-selected-project';

export function AnalyticsReportsRoute() {
  usePageTitle('Reports');
  const projects = useProjects();
  const { selected, select } = useSelectedProject(projects.data);
  return (
    <div className="grid gap-6">
      <PageHeader
        className="print:hidden"
        title="Reports"
        description="A printable summary of one project: file, schema, counts by type and storey, feed URL."
        actions={
          selected ? (
            <Button onClick={() => window.print()}>
              <Printer aria-hidden="true" />
              Print report
            </Button>
          ) : null
        }
      />
      <QueryState query={projects} loadingLabel="Loading projects...">
        {(list) =>
          list.length === 0 || !selected ? (
            <NoProjects connectorUrl={appPaths.connector} />
          ) : (
            <>
              <div className="print:hidden">
                <ProjectPicker projects={list} value={selected.projectId} onChange={select} />
              </div>
              <ProjectReport
                project={selected}
                feedUrl={projectFeedUrl(window.location.origin, selected.projectId)}
                generatedAt={new Date()}
              />
            </>
          )
        }
      </QueryState>
    </div>
  );
}

export default AnalyticsReportsRoute;
