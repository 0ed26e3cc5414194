import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { trialLine } from '../content/claims';

export function ClosingCta() {
  return (
    <section aria-labelledby="cta-title" className="bg-primary text-primary-foreground">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-16 text-center sm:py-20">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Put your next model in front of the people who need the numbers
        </h2>
        <p className="max-w-2xl text-lg opacity-90">
          Upload an IFC file, copy the feed URL into Power BI or Tableau, and build the report your project
          team has been asking for. {trialLine}
        </p>
        <Button asChild size="lg" variant="secondary">
          <Link to={paths.signup}>Start Your Free Trial</Link>
        </Button>
      </div>
    </section>
  );
}
