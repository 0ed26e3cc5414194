import { PageHeader } from '@/components/ui/page-header';
import { BreakpointTable } from '@/features/layout-guide/components/breakpoint-table';
import { ComponentGallery } from '@/features/layout-guide/components/component-gallery';
import { usePageTitle } from '@/lib/use-page-title';

export function LayoutGuideRoute() {
  usePageTitle('Layout Guide');
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Layout Guide"
        description="The responsive breakpoints and UI components the application is built from, rendered live."
      />
      <BreakpointTable />
      <ComponentGallery />
    </div>
  );
}

export default LayoutGuideRoute;
