import { RotateCcw, Trash2 } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useConfirmation } from '@/components/ui/use-confirmation';
import { useDeleteVersion } from '../api/delete-version';
import { useRollbackVersion } from '../api/rollback-version';
import { versionActions } from '../version-facts';
import type { VersionProps } from './version-props';

type Action = 'rollback' | 'delete';

/** Roll back and Delete version for one older version, each confirmed in a dialog that says what it does. */
export function VersionActions({ projectId, modelId, modelName, version, isOwner }: VersionProps) {
  const allowed = versionActions(version, isOwner);
  const confirmation = useConfirmation<Action>();
  const { error } = confirmation;
  const rollback = useRollbackVersion();
  const remove = useDeleteVersion();
  if (!allowed.rollback && !allowed.delete) return null;

  const input = { projectId, modelId, number: version.number };
  const context = (
    <span className="sr-only">
      {' '}
      to version {version.number} of {modelName}
    </span>
  );
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        {allowed.rollback ? (
          <Button variant="outline" size="sm" onClick={() => confirmation.ask('rollback')}>
            <RotateCcw aria-hidden="true" />
            Roll back
            {context}
          </Button>
        ) : null}
        {allowed.delete ? (
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive"
            onClick={() => confirmation.ask('delete')}
          >
            <Trash2 aria-hidden="true" />
            Delete version
            <span className="sr-only">
              {' '}
              {version.number} of {modelName}
            </span>
          </Button>
        ) : null}
      </div>
      {error ? (
        <Alert variant="destructive">
          <AlertDescription className="[overflow-wrap:anywhere]">{error}</AlertDescription>
        </Alert>
      ) : null}
      <ConfirmDialog
        {...confirmation.dialog('rollback')}
        title={`Roll back ${modelName} to version ${version.number}?`}
        description={`The feed will serve version ${version.number} (${version.fileName}) of this model again, from the next request on. Newer versions stay in the history.`}
        confirmLabel="Roll back"
        busy={rollback.isPending}
        onConfirm={() => rollback.mutate(input, confirmation.settled)}
      />
      <ConfirmDialog
        {...confirmation.dialog('delete')}
        title={`Delete version ${version.number} of ${modelName}?`}
        description={`Its rows and its change list are removed for good. The feed keeps serving the latest version.`}
        confirmLabel="Delete version"
        destructive
        busy={remove.isPending}
        onConfirm={() => remove.mutate(input, confirmation.settled)}
      />
    </div>
  );
}
