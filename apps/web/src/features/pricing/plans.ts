import { ifcVersionList } from '@aec/contracts';

export type PricingPlan = {
  name: string;
  /** List price per month in USD; null means the price is agreed with sales. */
  monthly: number | null;
  description: string;
  features: string[];
  popular?: boolean;
};

export const pricingPlans: PricingPlan[] = [
  {
    name: 'Essential',
    monthly: 299,
    description: 'For a project team publishing its models to one BI workspace.',
    features: [
      'Up to 10 active projects',
      `${ifcVersionList('and')} uploads up to 100 MB`,
      'OData v4 feeds for Tableau, Power BI and Excel',
      'Revocable feed tokens for your BI tools',
      'Email support',
    ],
  },
  {
    name: 'Professional',
    monthly: 899,
    description: 'For firms running BIM data across many projects and clients.',
    features: [
      'Unlimited projects and model versions',
      'Ready-made connection files for Power BI and Tableau',
      'COBie-ready asset and space tables',
      'Priority support',
    ],
    popular: true,
  },
  {
    name: 'Enterprise',
    monthly: null,
    description: 'For organisations with their own infrastructure, security and scale needs.',
    features: [
      'Self-hosted or dedicated deployment',
      'MongoDB replica sets and sharding',
      'Custom integrations and training sessions',
      'Dedicated support and a 99.9% uptime SLA',
    ],
  },
];
