export type LandingTier = {
  name: string;
  price: number;
  description: string;
  features: string[];
  popular?: boolean;
};

/** Spec §3 landing-page tiers (the /pricing page has its own plans). */
export const landingTiers: LandingTier[] = [
  {
    name: 'Starter',
    price: 49,
    description: 'For a developer or small team getting a first model into BI.',
    features: [
      'Complete source code',
      'Authentication system',
      'Basic components',
      'Documentation',
      'Email support',
    ],
  },
  {
    name: 'Professional',
    price: 99,
    description: 'For teams shipping BIM data products to their clients.',
    features: ['Payment integration', 'Advanced components', 'Priority support', 'Deployment guides'],
    popular: true,
  },
  {
    name: 'Enterprise',
    price: 299,
    description: 'For firms running many projects and business units.',
    features: ['Multi-tenant setup', 'Custom integrations', 'Dedicated support', 'Training sessions'],
  },
];
