import { projectNameSchema } from '@aec/contracts';
import { pageTitleClassName } from '@/components/ui/page-header';
import { RenamableName } from '@/components/ui/renamable-name';
import { useUpdateProjectSettings } from '@/lib/api/projects';

/**
 * A project's name as its page's h1. A project is named after its first upload's file and lives on through new
 * versions of its models, so its owner renames it in place, as a model is renamed: Rename opens a field (Enter saves,
 * Escape cancels, focus returns to Rename), the name is checked as the server checks it, and the server's refusal is
 * shown. Everyone else reads the plain h1.
 */
export function ProjectName({
  projectId,
  name,
  canRename,
}: {
  projectId: string;
  name: string;
  canRename: boolean;
}) {
  const rename = useUpdateProjectSettings();
  return (
    <RenamableName
      name={name}
      label="Project name"
      schema={projectNameSchema}
      as="h1"
      headingClassName={pageTitleClassName}
      renameContext={` project ${name}`}
      canRename={canRename}
      onSave={(newName) => rename.mutateAsync({ projectId, name: newName })}
      saving={rename.isPending}
    />
  );
}
