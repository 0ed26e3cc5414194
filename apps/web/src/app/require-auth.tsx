import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { TOKEN_STORAGE_KEY } from '@/features/auth/token-storage';

/**
 * Guards signed-in routes (spec §6: user and token both present). A page the user was admitted
 * to stays up after a logout from inside it, so deleting the account can show its confirmation
 * instead of bouncing to /login; any other guarded path checks the session afresh. A session the server refused
 * (401) ends the same way: the page on screen shows its own error (the profile card its session card), and the
 * next guarded page goes to /login, which says the session expired and returns there after the login.
 */
export function RequireAuth() {
  const { user, token, loading } = useAuth();
  const location = useLocation();
  const [admittedPath, setAdmittedPath] = useState<string | null>(null);
  const signedIn = user !== null && token !== null;
  if (signedIn && admittedPath !== location.pathname) setAdmittedPath(location.pathname);
  useEffect(() => {
    // A logout in another tab (the stored token removed) is not this page's own: it leaves for /login at once.
    const onStorage = (event: StorageEvent) => {
      if ((event.key === null || event.key === TOKEN_STORAGE_KEY) && event.newValue === null)
        setAdmittedPath(null);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  if (signedIn || admittedPath === location.pathname) return <Outlet />;
  // A stored token is being checked (fetchMe on start): wait rather than bounce a valid session.
  if (loading) return <Spinner label="Checking your session..." className="py-24" />;
  return <Navigate to={paths.login} replace state={{ from: location }} />;
}
