import { useParams } from 'react-router';
import { routeTitles } from '@/components/layouts/breadcrumbs';
import { DocsOverview } from '@/features/docs/components/docs-overview';
import { DocsQuickStart } from '@/features/docs/components/docs-quick-start';
import { DocsTesting } from '@/features/docs/components/docs-testing';
import { DocsTroubleshooting } from '@/features/docs/components/docs-troubleshooting';
import { isDocPage } from '@/features/docs/docs-pages';
import { usePageTitle } from '@/lib/use-page-title';
import { AppNotFoundRoute } from './not-found';

/** /app/docs/:page — the four documentation pages; any other name is the app not-found. */
export function DocsRoute() {
  const { page } = useParams();
  usePageTitle(routeTitles[`/app/docs/${page ?? ''}`] ?? 'Documentation');
  const origin = window.location.origin;
  if (!isDocPage(page)) return <AppNotFoundRoute />;
  switch (page) {
    case 'overview':
      return <DocsOverview origin={origin} />;
    case 'quick-start':
      return <DocsQuickStart origin={origin} />;
    case 'testing':
      return <DocsTesting origin={origin} />;
    case 'troubleshooting':
      return <DocsTroubleshooting />;
  }
}

export default DocsRoute;
