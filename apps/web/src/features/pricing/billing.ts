export type Billing = 'monthly' | 'annual';

/** Spec §9: paying annually takes 20% off the monthly price. */
export const ANNUAL_DISCOUNT = 0.2;

/** Cents avoid float drift: 899 × 0.8 must print as 719.20, not 719.2000000001. */
function roundCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/** What one month costs under the chosen billing. */
export function monthlyPrice(listMonthly: number, billing: Billing): number {
  return billing === 'annual' ? roundCents(listMonthly * (1 - ANNUAL_DISCOUNT)) : listMonthly;
}

/** What is charged per billing period: one month, or twelve discounted months up front. */
export function chargedPerPeriod(listMonthly: number, billing: Billing): number {
  return billing === 'annual' ? roundCents(monthlyPrice(listMonthly, 'annual') * 12) : listMonthly;
}

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const withCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
});

/** $299 for whole amounts, $239.20 when there are cents. */
export function formatPrice(amount: number): string {
  return Number.isInteger(amount) ? wholeDollars.format(amount) : withCents.format(amount);
}
