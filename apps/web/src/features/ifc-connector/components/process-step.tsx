import { AlertCircle, ArrowLeft, Database, FileUp, Pause, Play, X } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LeaveUploadGuard } from '@/components/leave-upload-guard';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { PAUSE_NOTE, runFileName, type ConnectorState } from '../connector-state';
import { statusText } from '../file-rules';
import { LogList } from './log-list';
import { UploadProgress } from './upload-progress';

type Props = {
  state: ConnectorState;
  busy: string | null;
  onTogglePause: () => void;
  onCancel: () => void;
  onBack: () => void;
  onUseDemo: () => void;
  onChooseAnother: () => void;
  /** Stops the upload under way (the user confirmed leaving the page while it was sent). */
  onStopUpload: () => void;
};

export function ProcessStep({
  state,
  busy,
  onTogglePause,
  onCancel,
  onBack,
  onUseDemo,
  onChooseAnother,
  onStopUpload,
}: Props) {
  const failed = state.phase === 'failed';
  const running = state.phase === 'uploading' || state.phase === 'processing';
  const status = failed ? 'Processing failed' : statusText(state.progress, state.paused);

  return (
    <Card>
      <CardHeader>
        <CardTitle tabIndex={-1} data-step-heading="">
          Process
        </CardTitle>
        <CardDescription className="[overflow-wrap:anywhere]">{runFileName(state)}</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <div className="grid grid-cols-1 gap-2">
          <div className="flex items-center justify-between gap-2 text-sm">
            <p role="status" data-testid="process-status" className="font-medium">
              {status}
            </p>
            <span data-testid="process-percent" className="tabular-nums text-muted-foreground">
              {state.progress}%
            </span>
          </div>
          <Progress value={state.progress} label="Processing progress" />
          {state.paused ? <p className="text-sm text-muted-foreground">{PAUSE_NOTE}</p> : null}
          {state.phase === 'uploading' ? (
            <UploadProgress uploaded={state.uploaded} sent={state.sent} />
          ) : null}
          {state.phase === 'uploading' && state.file ? (
            <LeaveUploadGuard fileName={state.file.name} onLeave={onStopUpload} />
          ) : null}
        </div>
        {failed ? (
          // Focusable: the connector moves the focus here when a run fails (its Pause and Cancel buttons go away).
          <Alert
            variant="destructive"
            tabIndex={-1}
            data-step-error=""
            className="focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <AlertCircle aria-hidden="true" />
            <AlertTitle>Your file was not processed</AlertTitle>
            <AlertDescription className="grid grid-cols-1 gap-3">
              <p>
                The log below says why. You can try another file, or explore the product with the demo project
                instead.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button onClick={onChooseAnother}>
                  <FileUp aria-hidden="true" />
                  Choose another file
                </Button>
                <Button variant="outline" onClick={onUseDemo} disabled={busy === 'demo'}>
                  <Database aria-hidden="true" />
                  {busy === 'demo' ? 'Creating demo data...' : 'Use demo data instead'}
                </Button>
              </div>
            </AlertDescription>
          </Alert>
        ) : null}
        <LogList entries={state.logs} />
      </CardContent>
      <CardFooter className="flex-wrap">
        <Button variant="outline" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
        {running ? (
          <>
            <Button
              variant="secondary"
              onClick={onTogglePause}
              // Not disabled while the request runs (the flow ignores a second press): a disabled button would drop the
              // keyboard focus, which stays on it as it turns from Pause into Resume.
              disabled={state.phase !== 'processing'}
              aria-busy={busy === 'control'}
            >
              {state.paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
              {state.paused ? 'Resume' : 'Pause'}
            </Button>
            <Button variant="destructive" onClick={onCancel}>
              <X aria-hidden="true" />
              Cancel
            </Button>
          </>
        ) : null}
      </CardFooter>
    </Card>
  );
}
