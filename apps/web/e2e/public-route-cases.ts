import { ifcVersionList } from '@aec/contracts';

/** Every public route with texts the spec (or the brief) names for it, for the page tour. */
export type PublicRouteCase = {
  path: string;
  name: string;
  /** Expected document title. */
  title: string;
  /** The page's h1 (substring). */
  heading: string;
  /** Texts that must be on screen (substring match). */
  texts: string[];
};

const suffix = ' | AEC Con-Tech Data Tools';

export const publicRouteCases: PublicRouteCase[] = [
  {
    path: '/',
    name: 'landing',
    title: 'AEC Con-Tech Data Tools',
    heading: 'AEC Con-Tech Data Tools',
    texts: [
      'Start Your Project',
      'Explore Tools',
      'Standards compliance (IFC, COBie)',
      'IoT sensor integration',
      'Starter',
      '$49',
      '$99',
      '$299',
      'Most Popular',
      'Multi-tenant setup',
      'Frequently asked questions',
      'Start Your Free Trial',
      '30-day free trial',
      '99.9%',
      '15–25%',
      '80%',
    ],
  },
  {
    path: '/features',
    name: 'features',
    title: `Features${suffix}`,
    heading: 'From IFC model to BI-ready data',
    texts: [ifcVersionList('and'), 'COBie', 'OData v4.0', 'Power BI', 'Tableau', 'Excel'],
  },
  {
    path: '/pricing',
    name: 'pricing',
    title: `Pricing${suffix}`,
    heading: 'Plans that grow with your projects',
    texts: [
      'Essential',
      '$299',
      'Professional',
      '$899',
      'Most Popular',
      'Enterprise',
      'Custom',
      'Contact Sales',
    ],
  },
  {
    path: '/blog',
    name: 'blog',
    title: `Blog${suffix}`,
    heading: 'Notes from the model to the dashboard',
    texts: [
      'Featured',
      'From IFC to Power BI in Ten Minutes',
      'Introducing AEC Con-Tech Data Tools',
      'December 15, 2024',
      'November 15, 2024',
      'Subscribe to our newsletter',
    ],
  },
  {
    path: '/blog/why-we-built-on-odata-v4',
    name: 'blog-post',
    title: `Why We Built on OData v4${suffix}`,
    heading: 'Why We Built on OData v4',
    texts: ['December 1, 2024', 'Product Updates', 'Paging that BI tools follow', 'Back to Blog'],
  },
  {
    path: '/faq',
    name: 'faq',
    title: `FAQ${suffix}`,
    heading: 'Frequently asked questions',
    texts: [
      'Which IFC versions and file sizes are supported?',
      'sales@aecdatatools.com',
      'support@aecdatatools.com',
    ],
  },
  {
    path: '/about',
    name: 'about',
    title: `About${suffix}`,
    heading: 'Data tools for the people who build',
    texts: ['Why we exist', 'Open standards first', 'Built for developers by developers'],
  },
  {
    path: '/privacy-policy',
    name: 'privacy-policy',
    title: `Privacy Policy${suffix}`,
    heading: 'Privacy Policy',
    texts: ['Last updated: June 2024', 'Your rights'],
  },
  {
    path: '/terms-of-service',
    name: 'terms-of-service',
    title: `Terms of Service${suffix}`,
    heading: 'Terms of Service',
    texts: ['You must be 18 years or older to use the service.'],
  },
  {
    path: '/login',
    name: 'login',
    title: `Login${suffix}`,
    heading: 'Login',
    texts: ['Username', 'Password'],
  },
  {
    path: '/signup',
    name: 'signup',
    title: `Sign Up${suffix}`,
    heading: 'Sign Up',
    texts: ['Username', 'Email', 'Password'],
  },
  {
    path: '/no-such-page',
    name: 'not-found',
    title: `Page not found${suffix}`,
    heading: 'Page not found',
    texts: ['/no-such-page', 'Go Back', 'Go to Home', 'Sign In'],
  },
];
