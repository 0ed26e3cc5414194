/** Every route the web app links to, so a renamed path changes in one place. */
export const paths = {
  home: '/',
  features: '/features',
  pricing: '/pricing',
  blog: '/blog',
  faq: '/faq',
  about: '/about',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  login: '/login',
  signup: '/signup',
  dashboard: '/dashboard',
  app: '/app',
} as const;
