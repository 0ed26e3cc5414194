import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { LandingRoute } from './landing';

// Everything but the landing page is its own chunk, so the first visit downloads only what it shows.
const LoginRoute = lazy(() => import('./login'));
const SignupRoute = lazy(() => import('./signup'));

/** Public pages rendered inside PublicLayout (the marketing site and the account forms). */
export const publicRoutes: RouteObject[] = [
  { index: true, element: <LandingRoute /> },
  { path: 'login', element: <LoginRoute /> },
  { path: 'signup', element: <SignupRoute /> },
];
