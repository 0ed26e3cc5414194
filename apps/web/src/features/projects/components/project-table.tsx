import { Link } from 'react-router';
import { projectPagePath } from '@/config/app-paths';
import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useConfirmation } from '@/components/ui/use-confirmation';
import { CopyButton } from '@/components/ui/copy-button';
import { useDeleteProject } from '@/lib/api/projects';
import { projectFeedUrl } from '@/lib/feed-urls';
import { formatInteger } from '@/lib/format';
import { projectTimeLabel } from '../project-dates';
import type { Project } from '../types';
import { ProjectCards } from './project-cards';
import { StatusBadge } from './status-badge';
import { ScrollX } from '@/components/ui/scroll-x';
import { WideSetLine } from './wide-set-line';

/**
 * Data Sources: every project of the user with its feed URL; delete asks first. Cards below md, a table above.
 * `actions` adds a project's other actions (the route passes "Upload new version" from the models feature).
 */
export function ProjectTable({
  projects,
  actions,
}: {
  projects: Project[];
  actions?: (project: Project) => ReactNode;
}) {
  const remove = useDeleteProject();
  const confirmation = useConfirmation<Project>();
  const { subject: confirming, error } = confirmation;
  const origin = window.location.origin;

  const onDelete = (project: Project) => confirmation.ask(project);
  const confirmDelete = () => {
    if (confirming) remove.mutate(confirming.projectId, confirmation.settled);
  };

  return (
    <div className="grid gap-3">
      {error ? (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      <div className="md:hidden">
        <ProjectCards projects={projects} deleting={remove.isPending} onDelete={onDelete} actions={actions} />
      </div>
      <ScrollX className="hidden rounded-lg border md:block">
        <table className="w-full text-sm">
          <thead className="bg-muted/50 text-left text-xs uppercase text-muted-foreground">
            <tr>
              <th className="p-3 font-medium">Project</th>
              <th className="p-3 font-medium">Status</th>
              <th className="p-3 font-medium">Schema</th>
              <th className="p-3 text-right font-medium">Elements</th>
              <th className="p-3 font-medium">Feed URL</th>
              <th className="p-3 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {projects.map((project) => {
              const url = projectFeedUrl(origin, project.projectId);
              return (
                <tr
                  key={project.projectId}
                  className="border-t align-top"
                  data-project-id={project.projectId}
                >
                  <td className="p-3">
                    <Link
                      to={projectPagePath(project.projectId)}
                      className="font-medium underline-offset-4 hover:underline"
                    >
                      {project.name}
                    </Link>
                    <p className="text-xs text-muted-foreground">
                      {project.fileName} · {projectTimeLabel(project)}
                    </p>
                    {project.error ? <p className="text-xs text-destructive">{project.error}</p> : null}
                  </td>
                  <td className="p-3">
                    <StatusBadge status={project.status} />
                    <WideSetLine wideSet={project.wideSet} />
                  </td>
                  <td className="p-3">{project.schema ?? '—'}</td>
                  <td className="p-3 text-right tabular-nums">{formatInteger(project.elementCount)}</td>
                  <td className="p-3">
                    <div className="flex max-w-md items-center gap-2">
                      <code
                        className="min-w-0 flex-1 truncate rounded bg-muted px-1.5 py-1 text-xs"
                        title={url}
                      >
                        {url}
                      </code>
                      <CopyButton text={url} label="Copy URL" context={`feed of ${project.name}`} />
                    </div>
                  </td>
                  <td className="p-3">
                    <div className="grid min-w-44 justify-items-start gap-2">
                      {actions?.(project)}
                      <Button
                        variant="ghost"
                        size="sm"
                        className="text-destructive"
                        disabled={remove.isPending}
                        onClick={() => onDelete(project)}
                        aria-label={`Delete ${project.name}`}
                      >
                        <Trash2 aria-hidden="true" />
                        Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollX>
      <ConfirmDialog
        {...confirmation.dialog()}
        title={`Delete ${confirming?.name ?? 'this project'}?`}
        description="Its feed and every version's rows are removed for good: BI reports using its feed URL stop refreshing."
        confirmLabel="Delete project"
        destructive
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
