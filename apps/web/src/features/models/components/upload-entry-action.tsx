import type { ProjectModelRef } from '@aec/contracts';
import { Upload } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { uploadEntryFor } from '../upload-entry';
import { UploadVersionControl } from './upload-version-control';

/** Data Sources' per-project "Upload new version" (see uploadEntryFor for where it leads). */
export function UploadEntryAction({
  project,
}: {
  project: { projectId: string; name: string; models: ProjectModelRef[] };
}) {
  const entry = uploadEntryFor(project);
  const context = `of ${project.name}`;
  if (entry.kind === 'upload') {
    return (
      <UploadVersionControl
        target={{ kind: 'version', projectId: project.projectId, modelId: entry.modelId }}
        context={context}
      />
    );
  }
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={entry.href}>
        <Upload aria-hidden="true" />
        Upload new version
        <span className="sr-only"> {context}</span>
      </Link>
    </Button>
  );
}
