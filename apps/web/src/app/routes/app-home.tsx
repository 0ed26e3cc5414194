import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/use-page-title';
import { Button } from '@/components/ui/button';

/** Placeholder for the application area; its shell and tools come with later issues. */
export function AppHomeRoute() {
  usePageTitle('App');
  return (
    <section className="mx-auto grid max-w-3xl gap-4 px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight">AEC Data Tools</h1>
      <p className="text-muted-foreground">
        This is the application area. The IFC to OData connector and the documentation will appear here; for
        now your account lives on the dashboard.
      </p>
      <div>
        <Button asChild>
          <Link to={paths.dashboard}>Go to Dashboard</Link>
        </Button>
      </div>
    </section>
  );
}

export default AppHomeRoute;
