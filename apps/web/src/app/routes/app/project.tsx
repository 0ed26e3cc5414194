import { useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { ModelsSection } from '@/features/models/components/models-section';
import { ProjectOverview } from '@/features/projects/components/project-overview';
import { useProject, useProjects } from '@/lib/api/projects';
import { usePageTitle } from '@/lib/use-page-title';

/** A project's page: its feed, then its models and their history (issue 15). */
export function ProjectRoute() {
  const { projectId = '' } = useParams();
  const project = useProject(projectId);
  // The list holds only the signed-in user's own projects: being in it is what makes them the owner.
  const owned = useProjects();
  const isOwner = owned.data?.some((p) => p.projectId === projectId) ?? false;
  usePageTitle(project.data?.name ?? 'Project');
  return (
    <div className="grid min-w-0 gap-6">
      <QueryState
        query={project}
        loadingLabel="Loading the project..."
        errorTitle="Could not load this project"
      >
        {(data) => (
          <>
            <PageHeader title={data.name} description="A project keeps its feed URL across model versions." />
            <ProjectOverview project={data} />
            <ModelsSection projectId={data.projectId} isOwner={isOwner} />
          </>
        )}
      </QueryState>
    </div>
  );
}

export default ProjectRoute;
