import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const DashboardRoute = lazy(() => import('./dashboard'));
const AppHomeRoute = lazy(() => import('./app-home'));

/** Signed-in pages; the router wraps them in RequireAuth. */
export const appRoutes: RouteObject[] = [
  { path: 'dashboard', element: <DashboardRoute /> },
  { path: 'app', element: <AppHomeRoute /> },
];
