import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { mailto } from '@/components/ui/mail-link';
import { chargedPerPeriod, formatPrice, monthlyPrice, type Billing } from '../billing';
import type { PricingPlan } from '../plans';

function PlanPrice({ plan, billing }: { plan: PricingPlan; billing: Billing }) {
  if (plan.monthly === null) {
    return (
      <div className="mt-4">
        <p className="text-4xl font-bold">Custom</p>
        <p className="mt-1 text-sm text-muted-foreground">Priced for your deployment and volume</p>
      </div>
    );
  }
  const perMonth = monthlyPrice(plan.monthly, billing);
  return (
    <div className="mt-4">
      <p>
        <span className="text-4xl font-bold" data-testid={`${plan.name}-price`}>
          {formatPrice(perMonth)}
        </span>
        <span className="text-muted-foreground">/month</span>
      </p>
      <p className="mt-1 text-sm text-muted-foreground">
        {billing === 'annual' ? (
          <>
            {formatPrice(chargedPerPeriod(plan.monthly, 'annual'))} billed annually{' '}
            <s className="ml-1">{formatPrice(plan.monthly)}</s>
          </>
        ) : (
          'Billed monthly'
        )}
      </p>
    </div>
  );
}

export function PlanCard({ plan, billing }: { plan: PricingPlan; billing: Billing }) {
  const custom = plan.monthly === null;
  return (
    <li
      className={cn(
        'relative flex flex-col rounded-lg border bg-card p-6 shadow-sm',
        plan.popular && 'border-2 border-primary shadow-md',
      )}
    >
      {plan.popular ? <Badge className="absolute -top-3 left-6">Most Popular</Badge> : null}
      <h2 className="text-xl font-semibold">{plan.name}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{plan.description}</p>
      <PlanPrice plan={plan} billing={billing} />
      <ul className="mt-6 grid flex-1 content-start gap-2 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            {feature}
          </li>
        ))}
      </ul>
      <Button asChild className="mt-6" variant={plan.popular ? 'default' : 'outline'}>
        {custom ? (
          <a href={mailto('sales', 'Enterprise plan enquiry')}>Contact Sales</a>
        ) : (
          <Link to={paths.signup} aria-label={`Start free trial with ${plan.name}`}>
            Start free trial
          </Link>
        )}
      </Button>
    </li>
  );
}
