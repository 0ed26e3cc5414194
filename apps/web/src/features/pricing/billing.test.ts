import { ANNUAL_DISCOUNT, chargedPerPeriod, formatPrice, monthlyPrice } from './billing';
import { pricingPlans } from './plans';

describe('billing', () => {
  it('takes 20% off with annual billing and nothing monthly', () => {
    expect(ANNUAL_DISCOUNT).toBe(0.2);
    expect(monthlyPrice(299, 'monthly')).toBe(299);
    expect(monthlyPrice(299, 'annual')).toBe(239.2);
    expect(monthlyPrice(899, 'annual')).toBe(719.2);
  });

  it('charges twelve discounted months per annual period', () => {
    expect(chargedPerPeriod(299, 'monthly')).toBe(299);
    expect(chargedPerPeriod(299, 'annual')).toBe(2870.4);
    expect(chargedPerPeriod(899, 'annual')).toBe(8630.4);
  });

  it('formats whole dollars without cents and keeps two decimals otherwise', () => {
    expect(formatPrice(299)).toBe('$299');
    expect(formatPrice(239.2)).toBe('$239.20');
    expect(formatPrice(8630.4)).toBe('$8,630.40');
  });
});

describe('pricing plans (spec §2 Pricing page)', () => {
  it('lists Essential $299, Professional $899 (Most Popular) and a custom Enterprise', () => {
    expect(pricingPlans.map((plan) => [plan.name, plan.monthly, plan.popular ?? false])).toEqual([
      ['Essential', 299, false],
      ['Professional', 899, true],
      ['Enterprise', null, false],
    ]);
  });
});
