import { modelNameSchema } from '@aec/contracts';
import { Check, Pencil, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { getErrorMessage } from '@/lib/api-client';
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
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const rename = useRenameModel();
  const renameButton = useRef<HTMLButtonElement>(null);
  const inputId = useId();
  const errorId = useId();

  const close = () => {
    setEditing(false);
    setError(null);
    // After the field unmounts, focus goes back where the user started.
    window.setTimeout(() => renameButton.current?.focus(), 0);
  };
  const save = () => {
    const parsed = modelNameSchema.safeParse(draft);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Enter a model name');
    if (parsed.data === name) return close();
    rename.mutate(
      { projectId, modelId, name: parsed.data },
      { onSuccess: close, onError: (err) => setError(getErrorMessage(err)) },
    );
  };

  if (!editing) {
    return (
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <h3 id={headingId} className="min-w-0 text-lg font-semibold [overflow-wrap:anywhere]">
          {name}
        </h3>
        {canRename ? (
          <Button
            ref={renameButton}
            variant="ghost"
            size="sm"
            onClick={() => {
              setDraft(name);
              setEditing(true);
            }}
          >
            <Pencil aria-hidden="true" />
            Rename
            <span className="sr-only"> model {name}</span>
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <form
      className="grid min-w-0 gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <h3 id={headingId} className="sr-only">
        {name}
      </h3>
      <label htmlFor={inputId} className="text-sm font-medium">
        Model name
      </label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={inputId}
          value={draft}
          autoFocus
          maxLength={200}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="min-w-0 flex-1 basis-40"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              close();
            }
          }}
        />
        <Button type="submit" size="sm" className="h-10" disabled={rename.isPending}>
          <Check aria-hidden="true" />
          Save
        </Button>
        <Button variant="outline" size="sm" className="h-10" onClick={close}>
          <X aria-hidden="true" />
          Cancel
        </Button>
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
