/** Spec §9 marketing claims, in one place so every page quotes the same numbers. */
export const claims = {
  trialDays: 30,
  annualDiscountPercent: 20,
  uptime: '99.9%',
  fasterDelivery: '15–25%',
  lessManualEntry: '80%',
} as const;

export const trialLine = `${claims.trialDays}-day free trial. No credit card required.`;
