import { modelNameSchema } from '@aec/contracts';
import { RenamableName } from '@/components/ui/renamable-name';
import { useRenameModel } from '../api/rename-model';

/**
 * A model's name as its card's heading, renamable in place by the owner: Rename opens a field (Enter saves, Escape
 * cancels, focus returns to Rename), the name is checked as the server checks it, and the server's refusal is shown.
 */
export function ModelName({
  projectId,
  modelId,
  name,
  headingId,
  canRename,
}: {
  projectId: string;
  modelId: string;
  name: string;
  headingId: string;
  canRename: boolean;
}) {
  const rename = useRenameModel();
  return (
    <RenamableName
      name={name}
      label="Model name"
      schema={modelNameSchema}
      as="h3"
      headingId={headingId}
      headingClassName="text-lg font-semibold"
      renameContext={` model ${name}`}
      canRename={canRename}
      onSave={(newName) => rename.mutateAsync({ projectId, modelId, name: newName })}
      saving={rename.isPending}
    />
  );
}
