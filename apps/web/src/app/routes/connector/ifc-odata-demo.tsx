import { PageHeader } from '@/components/ui/page-header';
import { ODataDemo } from '@/features/odata-demo/components/odata-demo';
import { usePageTitle } from '@/lib/use-page-title';

export function IfcODataDemoRoute() {
  usePageTitle('OData Query Builder');
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="OData Query Builder"
        description="Compose an OData v4.0 query, see the exact URL a BI tool would call, and run it against your live feed."
      />
      <ODataDemo />
    </div>
  );
}

export default IfcODataDemoRoute;
