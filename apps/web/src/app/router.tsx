import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppLayout } from '@/components/layouts/app-layout';
import { PublicLayout } from '@/components/layouts/public-layout';
import { RequireAuth } from './require-auth';
import { appRoutes, appShellRoutes } from './routes/app-routes';
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
  {
    path: 'app',
    element: <RequireAuth />,
    children: [{ element: <AppLayout />, children: appShellRoutes }],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
