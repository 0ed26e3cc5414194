import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { appPaths } from '@/config/app-paths';
import { ModelsSection } from '@/features/models/components/models-section';
import { ProjectName } from '@/features/projects/components/project-name';
import { ProjectOverview } from '@/features/projects/components/project-overview';
import { describeApiError } from '@/lib/api-error';
import { useProject, useProjects } from '@/lib/api/projects';
import { usePageTitle } from '@/lib/use-page-title';

/** A project's page: its feed, then its models and their history (issue 15). */
export function ProjectRoute() {
  const { projectId = '' } = useParams();
  const project = useProject(projectId);
  // The list holds only the signed-in user's own projects: being in it is what makes them the owner.
  const owned = useProjects();
  const isOwner = owned.data?.some((p) => p.projectId === projectId) ?? false;
  // Deleted (here, in another tab or by its owner) or never there: the page says so instead of showing it.
  const gone = project.isError && describeApiError(project.error).status === 404;
  usePageTitle(gone ? 'Project not found' : (project.data?.name ?? 'Project'));
  if (gone) {
    return (
      <div className="grid min-w-0 gap-6">
        <PageHeader
          title="Project not found"
          description="This project does not exist any more: it was deleted, perhaps in another tab, or the link is wrong."
        />
        <div>
          <Button asChild>
            <Link to={appPaths.dataSources}>Back to Data Sources</Link>
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="grid min-w-0 gap-6">
      <QueryState
        query={project}
        loadingLabel="Loading the project..."
        errorTitle="Could not load this project"
      >
        {(data) => (
          <>
            <PageHeader
              heading={<ProjectName projectId={data.projectId} name={data.name} canRename={isOwner} />}
              description="A project keeps its feed URL across model versions."
            />
            <ProjectOverview project={data} />
            <ModelsSection projectId={data.projectId} isOwner={isOwner} />
          </>
        )}
      </QueryState>
    </div>
  );
}

export default ProjectRoute;
