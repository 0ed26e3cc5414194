import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/hooks/use-auth';

/**
 * Guards signed-in routes (spec §6: user and token both present). It decides on entry only:
 * once admitted, a logout from inside the page (deleting the account) must still be able to
 * show its confirmation instead of bouncing to /login.
 */
export function RequireAuth() {
  const { user, token, loading } = useAuth();
  const location = useLocation();
  const [admitted, setAdmitted] = useState(false);
  const signedIn = user !== null && token !== null;
  if (signedIn && !admitted) setAdmitted(true);

  if (admitted || signedIn) return <Outlet />;
  // A stored token is being checked (fetchMe on start): wait rather than bounce a valid session.
  if (loading) return <Spinner label="Checking your session..." className="py-24" />;
  return <Navigate to={paths.login} replace state={{ from: location }} />;
}
