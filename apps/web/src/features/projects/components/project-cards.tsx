import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { projectPagePath } from '@/config/app-paths';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { projectFeedUrl } from '@/lib/feed-urls';
import { formatInteger } from '@/lib/format';
import { projectTimeLabel } from '../project-dates';
import type { Project } from '../types';
import { StatusBadge } from './status-badge';
import { WideSetLine } from './wide-set-line';

/**
 * Data Sources on a phone: one card per project with its feed URL and Copy URL in plain sight. The six-column
 * table needed a sideways scroll there, and nothing showed that Copy URL sat past the right edge.
 */
export function ProjectCards({
  projects,
  deleting,
  onDelete,
  actions,
}: {
  projects: Project[];
  deleting: boolean;
  onDelete: (project: Project) => void;
  actions?: (project: Project) => ReactNode;
}) {
  const origin = window.location.origin;
  return (
    <ul className="grid gap-3" aria-label="Projects">
      {projects.map((project) => {
        const url = projectFeedUrl(origin, project.projectId);
        return (
          <li
            key={project.projectId}
            className="grid gap-2 rounded-lg border p-3 text-sm"
            data-project-card={project.projectId}
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <Link
                to={projectPagePath(project.projectId)}
                className="font-medium underline-offset-4 [overflow-wrap:anywhere] hover:underline"
              >
                {project.name}
              </Link>
              <StatusBadge status={project.status} />
            </div>
            <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
              {project.fileName} · {projectTimeLabel(project)}
            </p>
            <p className="text-xs text-muted-foreground">
              {project.schema ?? '—'} · {formatInteger(project.elementCount)} elements
            </p>
            {project.error ? <p className="text-xs text-destructive">{project.error}</p> : null}
            <WideSetLine wideSet={project.wideSet} />
            <code className="rounded bg-muted px-1.5 py-1 text-xs [overflow-wrap:anywhere]">{url}</code>
            {actions?.(project)}
            <div className="flex flex-wrap gap-2">
              <CopyButton text={url} label="Copy URL" context={`feed of ${project.name}`} />
              <Button
                variant="ghost"
                size="sm"
                className="text-destructive"
                disabled={deleting}
                onClick={() => onDelete(project)}
                aria-label={`Delete ${project.name}`}
              >
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
