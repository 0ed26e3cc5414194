import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { PublicLayout } from '@/components/layouts/public-layout';
import { PublicAccountActions } from './public-account-actions';
import { paths } from '@/config/paths';
import { RequireAuth } from './require-auth';
import { RouteError } from './routes/route-error';
import { appRoutes, appShellRoutes } from './routes/app-routes';
import { publicRoutes } from './routes/public-routes';

const NotFoundRoute = lazy(() => import('./routes/not-found'));
// The app shell is its own chunk: the public site never downloads it.
const AppLayout = lazy(() =>
  import('@/components/layouts/app-layout').then((m) => ({ default: m.AppLayout })),
);

const publicError = <RouteError home={paths.home} homeLabel="Go to Home" />;
const appError = <RouteError home={paths.app} homeLabel="Go to App home" />;

// Each layout's pages sit under a pathless route whose error element keeps the layout painted around the error;
// the layouts' own routes catch what fails in the layout itself (the app shell is a chunk too).
const router = createBrowserRouter([
  {
    element: <PublicLayout accountActions={PublicAccountActions} />,
    errorElement: publicError,
    children: [
      {
        errorElement: publicError,
        children: [
          ...publicRoutes,
          { element: <RequireAuth />, children: appRoutes },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
  {
    path: 'app',
    element: <RequireAuth />,
    errorElement: appError,
    children: [
      {
        element: (
          <Suspense fallback={<Spinner label="Loading..." className="py-24" />}>
            <AppLayout />
          </Suspense>
        ),
        children: [{ errorElement: appError, children: appShellRoutes }],
      },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
