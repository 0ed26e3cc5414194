import { useQuery } from '@tanstack/react-query';
import { AlertCircle } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { Spinner } from '@/components/ui/spinner';
import { useProjects } from '@/lib/api/projects';
import { runODataQuery } from '../api/run-odata-query';
import { describeODataError } from '../odata-error';
import { buildODataPath, checkTop, EXAMPLES, type ODataQuery } from '../query-url';
import { QueryForm } from './query-form';
import { ResultTable } from './result-table';

const initialQuery: ODataQuery = {
  entitySet: 'IFCElements',
  projectId: '',
  ...EXAMPLES.IFCElements,
  top: '20',
};

/** Query builder on the live feed: the URL shown is exactly the one requested. */
export function ODataDemo() {
  const projects = useProjects();
  const [query, setQuery] = useState(initialQuery);
  const [submitted, setSubmitted] = useState<string | null>(null);
  const top = checkTop(query.top);
  const path = buildODataPath(query);
  const url = `${window.location.origin}${path}`;
  const result = useQuery({
    queryKey: ['odata-demo', submitted],
    queryFn: ({ signal }) => runODataQuery(submitted ?? '', signal),
    enabled: submitted !== null,
    retry: false,
    staleTime: 0,
  });
  const run = () => {
    if (!top.ok) return;
    if (submitted === path) void result.refetch();
    else setSubmitted(path);
  };
  const error = result.isError ? describeODataError(result.error) : null;
  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Query</CardTitle>
          <CardDescription>
            Filters use OData syntax: eq, ne, gt, lt, and, or, contains(Name,&apos;Wall&apos;), startswith(…).
          </CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4">
          <QueryForm
            query={query}
            projects={projects.data ?? []}
            topError={top.ok ? null : top.message}
            running={result.isFetching}
            onChange={setQuery}
            onRun={run}
          />
          {projects.isError ? (
            <p role="alert" className="text-sm text-destructive">
              Could not list your projects: {describeODataError(projects.error).message}
            </p>
          ) : null}
          <div className="grid grid-cols-1 gap-1.5">
            <span className="text-sm font-medium" id="odata-url-label">
              Request URL
            </span>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <code
                aria-labelledby="odata-url-label"
                data-testid="odata-url"
                className="min-w-0 flex-1 break-all rounded-md border bg-muted/40 px-3 py-2 text-xs"
              >
                {url}
              </code>
              <CopyButton text={url} label="Copy URL" />
            </div>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Result</CardTitle>
          {submitted ? <CardDescription className="break-all">GET {submitted}</CardDescription> : null}
        </CardHeader>
        <CardContent>
          {submitted === null ? (
            <p className="text-sm text-muted-foreground">Run the query to see its rows.</p>
          ) : result.isFetching ? (
            <Spinner label="Running query..." className="py-8" />
          ) : error ? (
            <Alert variant="destructive">
              <AlertCircle aria-hidden="true" />
              <AlertTitle>
                {error.status ? `${error.status}` : 'Request failed'}
                {error.code ? ` ${error.code}` : ''}
              </AlertTitle>
              <AlertDescription>
                {error.message}
                {error.target ? ` (in ${error.target})` : ''}
              </AlertDescription>
            </Alert>
          ) : result.data ? (
            <ResultTable result={result.data} />
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
