import { Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { LeaveUploadGuard } from '@/components/leave-upload-guard';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import type { UploadTarget } from '@/lib/api/upload-model-file';
import { useUploadLimit } from '@/lib/api/upload-limits';
import { fileProblem } from '@/lib/ifc-file-rules';
import { useVersionUpload } from '../hooks/use-version-upload';
import { uploadStatusText } from '../upload-progress';

/**
 * "Upload new version": a button that opens the file picker, then the upload's real progress (bytes, then the job's
 * log) under it. `context` names the model or project for screen readers after the visible text, so the button is
 * still called "Upload new version" by whoever speaks or reads it.
 */
export function UploadVersionControl({
  target,
  label = 'Upload new version',
  context,
  disabled = false,
}: {
  target: UploadTarget;
  label?: string;
  context?: string;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useVersionUpload(target);
  const [refused, setRefused] = useState<string | null>(null);
  const { limit } = useUploadLimit();
  const { state } = upload;
  const busy = state.phase === 'uploading' || state.phase === 'processing';

  const onFile = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = fileProblem(file, limit);
    setRefused(problem);
    if (!problem) void upload.start(file);
  };

  return (
    <div className="grid min-w-0 gap-2">
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={disabled || busy}
          onClick={() => input.current?.click()}
        >
          <Upload aria-hidden="true" />
          {label}
          {context ? <span className="sr-only"> {context}</span> : null}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".ifc"
          // Out of the page and the accessibility tree: the button is the control, the picker opens from it.
          hidden
          onChange={(event) => onFile(event.currentTarget.files?.[0])}
        />
      </div>
      {state.phase === 'uploading' ? (
        <LeaveUploadGuard fileName={state.fileName} onLeave={upload.stop} />
      ) : null}
      {busy ? <Progress value={state.progress} label={`${label}${context ? ` ${context}` : ''}`} /> : null}
      <p role="status" aria-live="polite" className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
        {state.phase === 'failed' ? '' : uploadStatusText(state)}
        {state.phase === 'processing' && state.message ? ` — ${state.message}` : ''}
      </p>
      {refused || state.phase === 'failed' ? (
        <Alert variant="destructive">
          <AlertDescription className="[overflow-wrap:anywhere]">
            {refused ?? uploadStatusText(state)}
          </AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
