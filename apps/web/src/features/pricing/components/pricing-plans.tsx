import { useState } from 'react';
import type { Billing } from '../billing';
import { pricingPlans } from '../plans';
import { BillingToggle } from './billing-toggle';
import { PlanCard } from './plan-card';

export function PricingPlans() {
  const [billing, setBilling] = useState<Billing>('monthly');
  return (
    <div className="grid gap-10">
      <BillingToggle value={billing} onChange={setBilling} />
      <ul className="grid gap-6 lg:grid-cols-3" aria-label="Plans">
        {pricingPlans.map((plan) => (
          <PlanCard key={plan.name} plan={plan} billing={billing} />
        ))}
      </ul>
    </div>
  );
}
