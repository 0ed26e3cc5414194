import { Check, Pencil, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { saveNameDraft } from './save-name-draft';

export type RenamableNameProps = {
  name: string;
  /** The field's label while editing: "Model name", "Project name". */
  label: string;
  /** Checks and trims the draft as the server does; its first message is shown and nothing is sent. */
  schema: z.ZodType<string, string>;
  /** The heading the name is: a page's h1, a card's h3. It stays one (screen-reader only) while the field is open. */
  as: 'h1' | 'h2' | 'h3';
  headingId?: string;
  /** Its look; long names always wrap (overflow-wrap:anywhere) instead of widening the page. */
  headingClassName?: string;
  /** What Rename renames, read after it by screen readers: " model Tower", " project Tower". */
  renameContext: string;
  /** False: the plain heading, no Rename (someone else's model or project). */
  canRename: boolean;
  /** Sends the checked name; a rejection's text (the server's refusal) is shown under the field. */
  onSave: (name: string) => Promise<unknown>;
  /** While a save is under way (Save is disabled). */
  saving: boolean;
};

/**
 * A name shown as a heading and renamable in place by its owner: Rename opens a field with focus, Enter saves, Escape
 * (or Cancel) leaves it, and focus returns to Rename either way; a refused name stays in the field with the reason.
 */
export function RenamableName({
  name,
  label,
  schema,
  as: Heading,
  headingId,
  headingClassName,
  renameContext,
  canRename,
  onSave,
  saving,
}: RenamableNameProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const inputId = useId();
  const errorId = useId();

  // Once the field is gone (saved or left), focus goes back where the user started.
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    renameButton.current?.focus();
  }, [editing]);

  const close = () => {
    refocus.current = true;
    setEditing(false);
    setError(null);
  };
  const save = async () => {
    const refusal = await saveNameDraft({ draft, name, schema, save: onSave });
    if (refusal === null) close();
    else setError(refusal);
  };

  if (!editing) {
    return (
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <Heading id={headingId} className={cn('min-w-0 [overflow-wrap:anywhere]', headingClassName)}>
          {name}
        </Heading>
        {canRename ? (
          <Button
            ref={renameButton}
            variant="ghost"
            size="sm"
            onClick={() => {
              setDraft(name);
              setError(null);
              setEditing(true);
            }}
          >
            <Pencil aria-hidden="true" />
            Rename
            <span className="sr-only">{renameContext}</span>
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
        void save();
      }}
    >
      <Heading id={headingId} className="sr-only">
        {name}
      </Heading>
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
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
        <Button type="submit" size="sm" className="h-10" disabled={saving}>
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
