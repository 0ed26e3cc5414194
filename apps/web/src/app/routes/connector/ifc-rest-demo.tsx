import { PageHeader } from '@/components/ui/page-header';
import { RestDemo } from '@/features/ifc-rest-demo/components/rest-demo';
import { usePageTitle } from '@/lib/use-page-title';

export function IfcRestDemoRoute() {
  usePageTitle('IFC REST API Demo');
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="IFC REST API Demo"
        description="Browse your processed projects and their elements through the live API, page by page."
      />
      <RestDemo />
    </div>
  );
}

export default IfcRestDemoRoute;
