import { ArrowLeft, BookOpen, LayoutDashboard } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { appPaths } from '@/config/app-paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useGoBack } from '@/lib/use-go-back';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * Spec §2 App not-found (/app/*): shown inside the shell to a signed-in user. The guard around
 * the shell already sends a visitor without user and token to /login.
 */
export function AppNotFoundRoute() {
  usePageTitle('Page not found');
  const { user } = useAuth();
  const { pathname } = useLocation();
  const goBack = useGoBack(appPaths.home);
  return (
    <section className="mx-auto grid max-w-xl gap-4 py-16 text-center">
      <p className="text-sm font-semibold text-muted-foreground">404</p>
      <h1 className="text-3xl font-bold tracking-tight">Page not found</h1>
      <p className="text-muted-foreground">
        There is no application page at{' '}
        <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-foreground [overflow-wrap:anywhere]">
          {pathname}
        </code>
        .
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button variant="outline" onClick={goBack}>
          <ArrowLeft aria-hidden="true" />
          Go Back
        </Button>
        <Button asChild>
          <Link to={appPaths.dashboard}>
            <LayoutDashboard aria-hidden="true" />
            Go to Dashboard
          </Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to={appPaths.docsOverview}>
            <BookOpen aria-hidden="true" />
            Browse Documentation
          </Link>
        </Button>
      </div>
      {user ? (
        <p className="text-sm text-muted-foreground">
          You are still logged in as <strong className="text-foreground">{user.username}</strong>.
        </p>
      ) : null}
    </section>
  );
}

export default AppNotFoundRoute;
