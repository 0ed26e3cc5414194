import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { PageMeta } from '@/components/ui/page-meta';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useGoBack } from '@/lib/use-go-back';

/** sessionStorage key holding the path a signed-in user tried before being sent to the dashboard. */
export const ATTEMPTED_PATH_KEY = 'attemptedPath';

export function NotFoundRoute() {
  const { user, token, loading } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const goBack = useGoBack(paths.home);
  const signedIn = user !== null && token !== null;
  const missing = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (!signedIn) return;
    try {
      window.sessionStorage.setItem(ATTEMPTED_PATH_KEY, missing);
    } catch {
      // Storage disabled: the redirect still happens, the attempted path is just not kept.
    }
    void navigate(paths.dashboard, { replace: true });
  }, [signedIn, missing, navigate]);

  const meta = (
    <PageMeta
      title="Page not found"
      description="The page you asked for does not exist on AEC Con-Tech Data Tools."
    />
  );

  // A stored token still being checked: wait instead of flashing the 404 at a signed-in user.
  if (!signedIn && token !== null && loading) return <Spinner label="Loading..." className="py-24" />;

  if (signedIn) {
    return (
      <>
        {meta}
        <Spinner label="Redirecting to dashboard..." className="py-24" />
      </>
    );
  }

  return (
    <section className="mx-auto grid max-w-xl gap-4 px-4 py-24 text-center">
      {meta}
      <p className="text-sm font-semibold text-muted-foreground">404</p>
      <h1 className="text-3xl font-bold tracking-tight">Page not found</h1>
      <p className="text-muted-foreground">
        There is no page at{' '}
        <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-foreground [overflow-wrap:anywhere]">
          {missing}
        </code>
        .
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button variant="outline" onClick={goBack}>
          Go Back
        </Button>
        <Button asChild>
          <Link to={paths.home}>Go to Home</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to={paths.login}>Sign In</Link>
        </Button>
      </div>
    </section>
  );
}

export default NotFoundRoute;
