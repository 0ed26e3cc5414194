import { MODEL_NAME_MAX } from '@aec/contracts';
import { useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import { UploadVersionControl } from './upload-version-control';

/**
 * Add a model to the project (e.g. "Structure" beside "Architecture"): an optional name, then the file, which becomes
 * the new model's version 1. Without a name the server names the model after the file.
 */
export function AddModel({ projectId }: { projectId: string }) {
  const [name, setName] = useState('');
  const nameId = useId();
  const hintId = useId();
  return (
    <div className="grid gap-2 rounded-lg border border-dashed p-3 sm:p-4">
      <h3 className="font-semibold">Add a model</h3>
      <div className="grid max-w-md gap-1">
        <label htmlFor={nameId} className="text-sm font-medium">
          Name of the new model (optional)
        </label>
        <Input
          id={nameId}
          value={name}
          maxLength={MODEL_NAME_MAX}
          aria-describedby={hintId}
          onChange={(event) => setName(event.target.value)}
        />
        <p id={hintId} className="text-xs text-muted-foreground">
          e.g. Structure or MEP; the file name is used when left empty.
        </p>
      </div>
      <UploadVersionControl target={{ kind: 'model', projectId, name }} label="Add model" />
    </div>
  );
}
