import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { PageMeta } from '@/components/ui/page-meta';
import { LandingRoute } from './public/landing';

// Everything but the landing page is its own chunk, so the first visit downloads only what it shows.
const LoginRoute = lazy(() => import('./login'));
const SignupRoute = lazy(() => import('./signup'));
const FeaturesRoute = lazy(() => import('./public/features'));
const AboutRoute = lazy(() => import('./public/about'));
const PricingRoute = lazy(() => import('./public/pricing'));
const BlogRoute = lazy(() => import('./public/blog'));
const BlogPostRoute = lazy(() => import('./public/blog-post'));
const FaqRoute = lazy(() => import('./public/faq'));
const PrivacyPolicyRoute = lazy(() => import('./public/privacy-policy'));
const TermsOfServiceRoute = lazy(() => import('./public/terms-of-service'));

/** Public pages rendered inside PublicLayout (the marketing site and the account forms). */
export const publicRoutes: RouteObject[] = [
  { index: true, element: <LandingRoute /> },
  { path: 'features', element: <FeaturesRoute /> },
  { path: 'pricing', element: <PricingRoute /> },
  { path: 'blog', element: <BlogRoute /> },
  { path: 'blog/:slug', element: <BlogPostRoute /> },
  { path: 'faq', element: <FaqRoute /> },
  { path: 'about', element: <AboutRoute /> },
  { path: 'privacy-policy', element: <PrivacyPolicyRoute /> },
  { path: 'terms-of-service', element: <TermsOfServiceRoute /> },
  // The account forms name themselves in the tab; their descriptions are set here, beside them.
  {
    path: 'login',
    element: (
      <>
        <PageMeta
          title="Login"
          description="Log in to AEC Con-Tech Data Tools to upload IFC models and manage your OData feeds."
        />
        <LoginRoute />
      </>
    ),
  },
  {
    path: 'signup',
    element: (
      <>
        <PageMeta
          title="Sign Up"
          description="Create your AEC Con-Tech Data Tools account: 30-day free trial, no credit card required."
        />
        <SignupRoute />
      </>
    ),
  },
];
