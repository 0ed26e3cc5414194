import { Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/ui/page-header';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { isSessionExpired } from '@/features/auth/session-messages';
import { IfcConnector } from '@/features/ifc-connector/components/ifc-connector';
import { usePageTitle } from '@/lib/use-page-title';

export function IfcTableauConnectorRoute() {
  usePageTitle('IFC Tableau Connector');
  const { user, error } = useAuth();
  const location = useLocation();
  // An upload refused with 401 ends the session: its file was fine, so log in again (and come back) rather than
  // read the refusal as a processing failure. The login page says the session expired.
  if (isSessionExpired(error)) return <Navigate to={paths.login} replace state={{ from: location }} />;
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
