import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/use-page-title';
import { Button } from '@/components/ui/button';

/** A short, honest landing page until the full marketing site lands (issue 5). */
export function LandingRoute() {
  usePageTitle();
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-24 text-center">
      <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">AEC Con-Tech Data Tools</h1>
      <p className="text-lg text-muted-foreground">
        Data tools for architecture, engineering and construction teams. Upload an IFC building model and get
        an OData v4.0 endpoint that Tableau, Power BI and Excel can read: every building element with its
        storey, type, material, property sets and quantities, ready for analysis.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild size="lg">
          <Link to={paths.signup}>Sign Up</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.login}>Log In</Link>
        </Button>
      </div>
    </section>
  );
}
