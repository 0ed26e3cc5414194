import { Card, CardContent } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { formatDateTime, formatInteger } from '@/lib/format';
import { projectFeedUrl } from '@/lib/feed-urls';
import type { Project } from '../types';
import { StatusBadge } from './status-badge';
import { WideSetLine } from './wide-set-line';

/**
 * The top of a project's page: what its feed serves now (every model's latest version together) and the URL a BI
 * report binds to, which stays the same across versions.
 */
export function ProjectOverview({ project }: { project: Project }) {
  const url = projectFeedUrl(window.location.origin, project.projectId);
  const facts = [
    { label: 'Models', value: formatInteger(project.models.length) },
    { label: 'Elements served', value: formatInteger(project.elementCount) },
    { label: 'Schema', value: project.schema ?? '—' },
    { label: 'Last published', value: formatDateTime(project.processedAt) },
  ];
  return (
    <Card>
      <CardContent className="grid gap-4 pt-6">
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={project.status} />
          <WideSetLine wideSet={project.wideSet} />
        </div>
        {project.error ? <p className="text-sm text-destructive">{project.error}</p> : null}
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          {facts.map((fact) => (
            <div key={fact.label} className="min-w-0">
              <dt className="text-muted-foreground">{fact.label}</dt>
              <dd className="font-medium tabular-nums [overflow-wrap:anywhere]">{fact.value}</dd>
            </div>
          ))}
        </dl>
        <div className="grid gap-1.5">
          <p className="text-sm font-medium" id="project-feed-url">
            Feed URL (the same for every version)
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <code
              className="w-full min-w-0 rounded bg-muted px-1.5 py-1 text-xs [overflow-wrap:anywhere] sm:w-auto sm:flex-1"
              aria-labelledby="project-feed-url"
            >
              {url}
            </code>
            <CopyButton text={url} label="Copy URL" context={`feed of ${project.name}`} />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
