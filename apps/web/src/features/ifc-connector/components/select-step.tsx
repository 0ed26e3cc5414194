import { AlertCircle, FileUp } from 'lucide-react';
import { useId, useRef } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useDelayedFlag } from '@/lib/use-delayed-flag';
import { SUPPORTED_VERSIONS_TEXT } from '../file-rules';
import { useFileDrop } from '../hooks/use-file-drop';
import { StepNotice } from './step-notice';

export function SelectStep({
  error,
  notice,
  lookingForRun,
  limitText,
  onSelect,
}: {
  error: string | null;
  /** What happened to a run followed again after a reload when it was cancelled. */
  notice: string | null;
  /** Whether the page is still asking the server for an upload of the user's it is processing (after a reload). */
  lookingForRun: boolean;
  /** The server's upload limit in words ("100MB"), or what is known of it while it loads. */
  limitText: string;
  onSelect: (file: File, input: HTMLInputElement | null) => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { dragging, zone } = useFileDrop((file) => onSelect(file, input.current));
  // Usually answered within a fraction of a second: said only when it takes longer.
  const looking = useDelayedFlag(lookingForRun, 400);
  return (
    <Card>
      <CardHeader>
        <CardTitle tabIndex={-1} data-step-heading="">
          Select an IFC file
        </CardTitle>
        <CardDescription>
          Choose the building model to publish as an OData feed for Tableau, Power BI or Excel.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <StepNotice notice={notice} />
        {looking ? (
          <Spinner
            label="Looking for an upload of yours still being processed…"
            className="justify-start text-sm"
          />
        ) : null}
        <Label
          htmlFor={inputId}
          data-dragging={dragging || undefined}
          className="flex cursor-pointer flex-col items-center gap-3 rounded-lg border-2 border-dashed p-8 text-center hover:bg-accent focus-within:ring-2 focus-within:ring-ring data-[dragging]:border-primary data-[dragging]:bg-accent"
          {...zone}
        >
          <FileUp aria-hidden="true" className="size-10 text-primary" />
          <span className="text-base font-semibold">IFC file</span>
          <span id={hintId} className="font-normal text-muted-foreground">
            Choose a file or drop it here. Maximum file size:{' '}
            <span data-testid="upload-limit">{limitText}</span>. Supported versions: {SUPPORTED_VERSIONS_TEXT}
            .
          </span>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept=".ifc"
            aria-describedby={hintId}
            className="max-w-full text-sm font-normal file:mr-3 file:rounded-md file:border-0 file:bg-primary file:px-3 file:py-2 file:text-primary-foreground"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) onSelect(file, input.current);
            }}
          />
        </Label>
        {error ? (
          <Alert variant="destructive">
            <AlertCircle aria-hidden="true" />
            <AlertTitle>File too large</AlertTitle>
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}
