import { paths } from '@/config/paths';

/** Header links (spec §2 Shared public layout); the mobile menu mirrors the same list. */
export const headerLinks = [
  { to: paths.features, label: 'Features' },
  { to: paths.pricing, label: 'Pricing' },
  { to: paths.blog, label: 'Blog' },
  { to: paths.faq, label: 'FAQ' },
] as const;

export const footerGroups = [
  {
    title: 'Product',
    links: [
      { to: paths.features, label: 'Features' },
      { to: paths.pricing, label: 'Pricing' },
      { to: paths.faq, label: 'FAQ' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: paths.blog, label: 'Blog' },
      { to: paths.about, label: 'About' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: paths.privacyPolicy, label: 'Privacy Policy' },
      { to: paths.termsOfService, label: 'Terms of Service' },
    ],
  },
] as const;

export const socialLinks = [
  { href: 'https://github.com/aecdatatools', label: 'GitHub' },
  { href: 'https://www.linkedin.com/company/aecdatatools', label: 'LinkedIn' },
  { href: 'https://x.com/aecdatatools', label: 'X (Twitter)' },
] as const;
