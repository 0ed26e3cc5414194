import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { PublicLayout } from '@/components/layouts/public-layout';
import { RequireAuth } from './require-auth';
import { appRoutes } from './routes/app-routes';
import { publicRoutes } from './routes/public-routes';

const NotFoundRoute = lazy(() => import('./routes/not-found'));

const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [
      ...publicRoutes,
      { element: <RequireAuth />, children: appRoutes },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
