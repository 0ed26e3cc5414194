import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { PublicLayout } from '@/components/layouts/public-layout';
import { PublicAccountActions } from './public-account-actions';
import { RequireAuth } from './require-auth';
import { appRoutes, appShellRoutes } from './routes/app-routes';
import { publicRoutes } from './routes/public-routes';

const NotFoundRoute = lazy(() => import('./routes/not-found'));
// The app shell is its own chunk: the public site never downloads it.
const AppLayout = lazy(() =>
  import('@/components/layouts/app-layout').then((m) => ({ default: m.AppLayout })),
);

const router = createBrowserRouter([
  {
    element: <PublicLayout accountActions={PublicAccountActions} />,
    children: [
      ...publicRoutes,
      { element: <RequireAuth />, children: appRoutes },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
  {
    path: 'app',
    element: <RequireAuth />,
    children: [
      {
        element: (
          <Suspense fallback={<Spinner label="Loading..." className="py-24" />}>
            <AppLayout />
          </Suspense>
        ),
        children: appShellRoutes,
      },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
