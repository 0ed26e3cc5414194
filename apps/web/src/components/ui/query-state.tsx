import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { getErrorMessage } from '@/lib/api-client';
import { Alert, AlertDescription, AlertTitle } from './alert';
import { Spinner } from './spinner';

/** Loading and failure of a query in one place, so every page says the same thing the same way. */
export function QueryState<T>({
  query,
  loadingLabel = 'Loading...',
  errorTitle = 'Could not load this data',
  children,
}: {
  query: { data: T | undefined; isPending: boolean; isError: boolean; error: unknown };
  loadingLabel?: string;
  errorTitle?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) {
    return (
      <Alert variant="destructive">
        <AlertCircle aria-hidden="true" />
        <AlertTitle>{errorTitle}</AlertTitle>
        <AlertDescription className="[overflow-wrap:anywhere]">
          {getErrorMessage(query.error)}
        </AlertDescription>
      </Alert>
    );
  }
  if (query.isPending || query.data === undefined) return <Spinner label={loadingLabel} className="py-10" />;
  return <>{children(query.data)}</>;
}
