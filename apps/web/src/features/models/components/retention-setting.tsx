import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { getErrorMessage } from '@/lib/api-client';
import { useUpdateProjectSettings } from '@/lib/api/projects';
import { describeRetention, parseRetention, RETENTION_MAX, type RetentionMode } from '../retention';

/**
 * Keep all versions, or the last N of each model: older versions' rows are removed (they stay listed, without
 * Roll back). Shown to the owner; others read the current setting.
 */
export function RetentionSetting({
  projectId,
  retention,
  isOwner,
}: {
  projectId: string;
  retention: number | null;
  isOwner: boolean;
}) {
  const [mode, setMode] = useState<RetentionMode>(retention === null ? 'all' : 'last');
  const [count, setCount] = useState(String(retention ?? 5));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useUpdateProjectSettings();
  const modeId = useId();
  const countId = useId();
  const errorId = useId();
  const headingId = useId();

  if (!isOwner) return <p className="text-sm text-muted-foreground">{describeRetention(retention)}</p>;
  return (
    <form
      aria-labelledby={headingId}
      className="grid gap-2 rounded-lg border p-3 sm:p-4"
      onSubmit={(event) => {
        event.preventDefault();
        setSaved(false);
        const parsed = parseRetention(mode, count);
        if (!parsed.ok) return setError(parsed.error);
        setError(null);
        save.mutate(
          { projectId, retention: parsed.value },
          { onSuccess: () => setSaved(true), onError: (err) => setError(getErrorMessage(err)) },
        );
      }}
    >
      <h3 id={headingId} className="font-semibold">
        Retention
      </h3>
      <p className="text-sm text-muted-foreground">
        {describeRetention(retention)}
        {retention === null ? '' : ' Older versions stay listed, without their rows (no Roll back to them).'}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <label htmlFor={modeId} className="text-sm font-medium">
            Versions kept
          </label>
          <select
            id={modeId}
            value={mode}
            onChange={(event) => setMode(event.target.value as RetentionMode)}
            className="h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <option value="all">Keep all versions</option>
            <option value="last">Keep the last N versions</option>
          </select>
        </div>
        {mode === 'last' ? (
          <div className="grid gap-1">
            <label htmlFor={countId} className="text-sm font-medium">
              Versions to keep (N)
            </label>
            <Input
              id={countId}
              inputMode="numeric"
              value={count}
              className="w-24"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => setCount(event.target.value)}
            />
          </div>
        ) : null}
        <Button type="submit" variant="outline" disabled={save.isPending}>
          Save retention
        </Button>
      </div>
      <p
        id={errorId}
        role="status"
        className={error ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}
      >
        {error ?? (saved ? 'Retention saved.' : `Up to ${RETENTION_MAX} versions per model.`)}
      </p>
    </form>
  );
}
