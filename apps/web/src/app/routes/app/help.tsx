import { PageHeader } from '@/components/ui/page-header';
import { appPaths } from '@/config/app-paths';
import { HelpTopics } from '@/features/help/components/help-topics';
import { usePageTitle } from '@/lib/use-page-title';

const docs = [
  { title: 'Overview', url: appPaths.docsOverview, text: 'what the platform does' },
  { title: 'Quick Start', url: appPaths.docsQuickStart, text: 'connect your first BI tool' },
  { title: 'Testing', url: appPaths.docsTesting, text: 'check a feed works' },
  { title: 'Troubleshooting', url: appPaths.docsTroubleshooting, text: 'errors and fixes' },
];

export function HelpRoute() {
  usePageTitle('Help');
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Help"
        description="Get an answer: contact support, read the FAQ or the documentation."
      />
      <HelpTopics docs={docs} />
    </div>
  );
}

export default HelpRoute;
