import type { ModelDto } from '@aec/contracts';
import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useConfirmation } from '@/components/ui/use-confirmation';
import { useDeleteModel } from '../api/delete-model';
import { ModelName } from './model-name';
import { UploadVersionControl } from './upload-version-control';
import { VersionItem } from './version-item';

/** One model of the project: its name (renamable), the owner's actions, and its versions newest first. */
export function ModelCard({
  projectId,
  model,
  isOwner,
  isOnlyModel,
}: {
  projectId: string;
  model: ModelDto;
  isOwner: boolean;
  isOnlyModel: boolean;
}) {
  const headingId = useId();
  const confirmation = useConfirmation<true>();
  const { error } = confirmation;
  const remove = useDeleteModel();
  return (
    <article className="grid min-w-0 gap-4 rounded-lg border bg-card p-3 sm:p-4" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <ModelName
          projectId={projectId}
          modelId={model.modelId}
          name={model.name}
          headingId={headingId}
          canRename={isOwner}
        />
        {isOwner && !isOnlyModel ? (
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive"
            onClick={() => confirmation.ask(true)}
          >
            <Trash2 aria-hidden="true" />
            Delete model
            <span className="sr-only"> {model.name}</span>
          </Button>
        ) : null}
      </div>
      {isOwner ? (
        <UploadVersionControl target={{ kind: 'version', projectId, modelId: model.modelId }} />
      ) : null}
      {error ? (
        <Alert variant="destructive">
          <AlertDescription className="[overflow-wrap:anywhere]">{error}</AlertDescription>
        </Alert>
      ) : null}
      {model.versions.length === 0 ? (
        <p className="text-sm text-muted-foreground">No versions yet.</p>
      ) : (
        <ol className="grid gap-3" aria-label={`Versions of ${model.name}`}>
          {model.versions.map((version) => (
            <VersionItem
              key={version.number}
              projectId={projectId}
              modelId={model.modelId}
              modelName={model.name}
              version={version}
              isOwner={isOwner}
            />
          ))}
        </ol>
      )}
      <ConfirmDialog
        {...confirmation.dialog()}
        title={`Delete the model ${model.name}?`}
        description="Its versions, rows and change lists are removed for good; the feed keeps serving the project's other models."
        confirmLabel="Delete model"
        destructive
        busy={remove.isPending}
        onConfirm={() => remove.mutate({ projectId, modelId: model.modelId }, confirmation.settled)}
      />
    </article>
  );
}
