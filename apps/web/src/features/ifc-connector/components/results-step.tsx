import { AlertTriangle, ArrowLeft, CheckCircle2, Database, RotateCcw } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { runFileName, type ConnectorState } from '../connector-state';
import type { ConnectorResult } from '../types';
import { ConnectionDownloads } from './connection-downloads';
import { FeedTokenPanel } from './feed-token-panel';
import { LogList } from './log-list';
import { UrlField } from './url-field';

type Props = {
  state: ConnectorState;
  result: ConnectorResult;
  username: string | null;
  busy: string | null;
  onCopy: (url: string) => void;
  onCreateDemoData: () => void;
  onProcessAnother: () => void;
  onBack: () => void;
};

export function ResultsStep({
  state,
  result,
  username,
  busy,
  onCopy,
  onCreateDemoData,
  onProcessAnother,
  onBack,
}: Props) {
  const fileName = runFileName(state) ?? result.projectId;
  return (
    <Card>
      <CardHeader>
        <CardTitle tabIndex={-1} data-step-heading="">
          Results
        </CardTitle>
        <CardDescription>
          <span data-testid="result-count">{result.elementCount.toLocaleString('en-US')}</span> elements are
          published as an OData v4.0 feed.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {result.demo ? (
          <Alert>
            <Database aria-hidden="true" />
            <AlertTitle>This is the demo project, not your file</AlertTitle>
            <AlertDescription>
              The feed below serves the generated sample building ({result.projectId}). Your own model was not
              processed; fix the problem in the log and upload it again to get its feed.
            </AlertDescription>
          </Alert>
        ) : (
          <Alert variant="success">
            <CheckCircle2 aria-hidden="true" />
            <AlertTitle>Your model is ready</AlertTitle>
            <AlertDescription>
              {fileName} was processed on the server; the counts are the real ones.
            </AlertDescription>
          </Alert>
        )}
        <UrlField label="OData endpoint URL" url={result.odataUrl} onCopy={onCopy} />
        <UrlField label="Tableau URL" url={result.tableauUrl} onCopy={onCopy} />
        <FeedTokenPanel username={username} fileName={fileName} />
        <ConnectionDownloads projectId={result.projectId} />
        <Alert>
          <AlertTriangle aria-hidden="true" />
          <AlertTitle>Using a localhost URL?</AlertTitle>
          <AlertDescription className="grid grid-cols-1 gap-1">
            <p>
              Tableau Public and the Power BI service run in the cloud and cannot reach localhost URLs: use
              Tableau Desktop or Power BI Desktop on this machine, or publish the server at a public address.
            </p>
            <p>
              Tableau error code <strong>7C19CF64</strong> means a network connectivity problem: Tableau could
              not reach the URL (a local address, a firewall or a proxy), not a problem with the data.
            </p>
          </AlertDescription>
        </Alert>
        <section aria-labelledby="demo-heading" className="grid grid-cols-1 gap-2 rounded-md border p-4">
          <h3 id="demo-heading" className="font-semibold">
            Demo data
          </h3>
          <p className="text-sm text-muted-foreground">
            Create the shared demo project (a generated sample building) to try the feed without your own
            model.
          </p>
          <div>
            <Button variant="outline" onClick={onCreateDemoData} disabled={busy === 'demoData'}>
              <Database aria-hidden="true" />
              {busy === 'demoData' ? 'Creating demo data...' : 'Create Demo Data'}
            </Button>
          </div>
          {state.demoData ? (
            <p className="text-sm" role="status">
              Demo project {state.demoData.projectId}: {state.demoData.elementCount} elements at{' '}
              <code className="break-all">{state.demoData.tableauUrl}</code>
            </p>
          ) : null}
        </section>
        <LogList entries={state.logs} />
      </CardContent>
      <CardFooter className="flex-wrap">
        <Button variant="outline" onClick={onBack} disabled={!state.file}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
        <Button onClick={onProcessAnother}>
          <RotateCcw aria-hidden="true" />
          Process Another File
        </Button>
      </CardFooter>
    </Card>
  );
}
