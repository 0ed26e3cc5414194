import { downloadFileName } from '@aec/contracts';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { getErrorMessage } from '@/lib/api-client';
import { downloadProjectCsv } from '../api/download-project-csv';
import { formatInteger } from '@/lib/format';
import type { Project } from '../types';
import { StatusBadge } from './status-badge';

function ExportRow({ project }: { project: Project }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const ready = project.status === 'ready';
  const download = async () => {
    setState({ busy: true, error: null });
    try {
      await downloadProjectCsv(project.projectId, downloadFileName(project.name, '-elements.csv'));
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error: getErrorMessage(error) });
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-3 p-4">
      {/* a basis, so that on a phone the badge and button wrap below instead of squeezing the text to nothing */}
      <div className="min-w-0 flex-1 basis-48">
        <p className="font-medium [overflow-wrap:anywhere]">{project.name}</p>
        <p className="text-xs text-muted-foreground">
          {formatInteger(project.elementCount)} elements · {project.schema ?? 'unknown schema'}
        </p>
        {state.error ? (
          <p role="alert" className="text-xs text-destructive">
            Download failed: {state.error}
          </p>
        ) : null}
      </div>
      <StatusBadge status={project.status} />
      <Button
        variant="outline"
        size="sm"
        disabled={!ready || state.busy}
        onClick={() => void download()}
        aria-label={`Download CSV of ${project.name}`}
      >
        <Download aria-hidden="true" />
        {state.busy ? 'Preparing...' : 'Download CSV'}
      </Button>
    </li>
  );
}

/** Export Data: one CSV of the element table per project (only ready projects have rows). */
export function ExportList({ projects }: { projects: Project[] }) {
  return (
    <Card>
      <ul className="divide-y">
        {projects.map((project) => (
          <ExportRow key={project.projectId} project={project} />
        ))}
      </ul>
    </Card>
  );
}
