import { PageHeader } from '@/components/ui/page-header';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { IfcConnector } from '@/features/ifc-connector/components/ifc-connector';
import { usePageTitle } from '@/lib/use-page-title';

export function IfcTableauConnectorRoute() {
  usePageTitle('IFC Tableau Connector');
  const { user } = useAuth();
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="IFC Tableau Connector"
        description="Upload an IFC model; the server extracts every building element and publishes an OData feed for Tableau, Power BI and Excel."
      />
      <IfcConnector username={user?.username ?? null} />
    </div>
  );
}

export default IfcTableauConnectorRoute;
