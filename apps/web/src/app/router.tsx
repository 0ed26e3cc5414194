import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { PublicLayout } from '@/components/layouts/public-layout';
import { RequireAuth } from './require-auth';
import { LandingRoute } from './routes/landing';

// Everything but the landing page is its own chunk, so the first visit downloads only what it shows.
const LoginRoute = lazy(() => import('./routes/login'));
const SignupRoute = lazy(() => import('./routes/signup'));
const DashboardRoute = lazy(() => import('./routes/dashboard'));
const AppHomeRoute = lazy(() => import('./routes/app-home'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));

const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [
      { index: true, element: <LandingRoute /> },
      { path: 'login', element: <LoginRoute /> },
      { path: 'signup', element: <SignupRoute /> },
      {
        element: <RequireAuth />,
        children: [
          { path: 'dashboard', element: <DashboardRoute /> },
          { path: 'app', element: <AppHomeRoute /> },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
