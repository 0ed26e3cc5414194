import { Link, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageMeta } from '@/components/ui/page-meta';
import { isChunkLoadError } from '@/lib/chunk-load-error';

/**
 * What a route shows when its page fails: a chunk that no longer downloads (the app was updated since the tab
 * opened, or the connection dropped) or an error while rendering. Inside a layout the header and navigation stay;
 * moving to another page clears it. A failed chunk stays failed in this tab, so the way out is a reload.
 */
export function RouteError({ home, homeLabel }: { home: string; homeLabel: string }) {
  const error = useRouteError();
  const stale = isChunkLoadError(error);
  const title = stale ? 'This page could not be loaded' : 'Something went wrong on this page';
  const detail = error instanceof Error ? error.message : null;
  return (
    <section role="alert" className="mx-auto grid max-w-xl gap-4 px-4 py-16 text-center">
      <PageMeta title={title} description="This page could not be shown." />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <p className="text-muted-foreground">
        {stale
          ? 'The app was updated since this tab opened it, or the connection dropped. Reload to get the current version.'
          : 'Reload the page to try again. If it keeps happening, go back to the start page.'}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Reload page</Button>
        <Button asChild variant="outline">
          <Link to={home}>{homeLabel}</Link>
        </Button>
      </div>
      {detail && !stale && (
        <details className="text-left text-sm text-muted-foreground">
          <summary className="cursor-pointer">Technical details</summary>
          <p className="mt-2 break-words font-mono">{detail}</p>
        </details>
      )}
    </section>
  );
}
