import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { claims } from '../content/claims';
import { landingTiers } from '../content/landing-tiers';
import { SectionHeading } from './section-heading';

export function LandingTiers() {
  return (
    <section aria-labelledby="pricing-title" className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
      <SectionHeading
        id="pricing-title"
        eyebrow="Pricing"
        title="Simple plans for every team"
        lead={`Start with a ${claims.trialDays}-day free trial, no credit card required. Save ${claims.annualDiscountPercent}% with annual billing.`}
      />
      <ul className="grid gap-6 lg:grid-cols-3">
        {landingTiers.map((tier) => (
          <li
            key={tier.name}
            className={cn(
              'relative flex flex-col rounded-lg border bg-card p-6 shadow-sm',
              tier.popular && 'border-2 border-primary shadow-md',
            )}
          >
            {tier.popular ? <Badge className="absolute -top-3 left-6">Most Popular</Badge> : null}
            <h3 className="text-lg font-semibold">{tier.name}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{tier.description}</p>
            <p className="mt-4">
              <span className="text-4xl font-bold">${tier.price}</span>
              <span className="text-muted-foreground">/month</span>
            </p>
            <ul className="mt-6 grid flex-1 content-start gap-2 text-sm">
              {tier.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                  {feature}
                </li>
              ))}
            </ul>
            <Button asChild className="mt-6" variant={tier.popular ? 'default' : 'outline'}>
              <Link to={paths.signup} aria-label={`Start free trial with ${tier.name}`}>
                Start free trial
              </Link>
            </Button>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center text-sm">
        <Link
          to={paths.pricing}
          className="font-medium text-primary underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          Compare all plans and billing options
        </Link>
      </p>
    </section>
  );
}
