import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { claims } from '../content/claims';
import { FeedPreview } from './feed-preview';

const stats = [
  { value: claims.fasterDelivery, label: 'faster project delivery' },
  { value: claims.lessManualEntry, label: 'less manual data entry' },
  { value: claims.uptime, label: 'uptime for your feeds' },
];

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="border-b bg-gradient-to-b from-accent/60 to-background">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:py-20 lg:grid-cols-2 lg:py-24">
        <div>
          <h1 id="hero-title" className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            <span className="mb-3 block text-base font-semibold tracking-normal text-primary sm:text-lg">
              AEC Con-Tech Data Tools
            </span>
            Your building model, live in Tableau, Power BI and Excel
          </h1>
          <p className="mt-6 text-lg text-pretty text-muted-foreground">
            Upload an IFC file and get an OData v4.0 feed of every element: storey, type, material, property
            sets and quantities. No exports, no copy-paste, no spreadsheets going stale.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to={paths.signup}>Start Your Project</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={paths.features}>Explore Tools</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to={paths.app}>Access App</Link>
            </Button>
          </div>
          <p className="mt-4 flex items-center gap-2 text-sm text-muted-foreground">
            <Check aria-hidden="true" className="size-4 text-success" />
            {claims.trialDays}-day free trial, no credit card required
          </p>
          <dl className="mt-10 grid grid-cols-3 gap-4 border-t pt-6">
            {stats.map((stat) => (
              // Visual order value-then-label; DOM order term-then-value for screen readers.
              <div key={stat.label} className="flex flex-col-reverse">
                <dt className="text-xs text-muted-foreground sm:text-sm">{stat.label}</dt>
                <dd className="text-xl font-bold whitespace-nowrap sm:text-3xl">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <FeedPreview />
      </div>
    </section>
  );
}
