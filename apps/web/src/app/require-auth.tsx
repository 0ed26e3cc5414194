import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { appPaths } from '@/config/app-paths';
import { paths } from '@/config/paths';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { onSessionChangedElsewhere } from '@/features/auth/session-elsewhere';
import { signedInElsewhereIn, signedInElsewhereState } from './signed-in-elsewhere';

/**
 * Guards signed-in routes (spec §6: user and token both present). A page the user was admitted
 * to stays up after a logout from inside it, so deleting the account can show its confirmation
 * instead of bouncing to /login; any other guarded path checks the session afresh. A session the server refused
 * (401) ends the same way: the page on screen shows its own error (the profile card its session card), and the
 * next guarded page goes to /login, which says the session expired and returns there after the login.
 *
 * When another tab signs in as someone else, the page of the previous user goes at once (a spinner while the new
 * session is checked), and the tab opens the dashboard, which says whose account it now shows: the page the user
 * was on may be the previous user's project, and nothing of theirs may stay on screen.
 */
export function RequireAuth() {
  const { user, token, loading } = useAuth();
  const location = useLocation();
  const [admittedPath, setAdmittedPath] = useState<string | null>(null);
  // The user whose pages this guard showed, and the one it was switched to (until the dashboard is reached).
  const [shown, setShown] = useState<{ userId: string; switchedTo: string | null } | null>(null);
  const signedIn = user !== null && token !== null;
  if (signedIn && admittedPath !== location.pathname) setAdmittedPath(location.pathname);
  if (signedIn && shown?.userId !== user.id)
    setShown({ userId: user.id, switchedTo: shown ? user.username : null });
  // A logout or a login in another tab (the stored token removed or replaced) is not this page's own: the page
  // leaves at once, for /login or for the new user's dashboard.
  useEffect(() => onSessionChangedElsewhere(() => setAdmittedPath(null)), []);

  // Another tab's session is being checked: nothing of the previous user stays on screen meanwhile.
  if (!signedIn && token !== null && loading && shown !== null)
    return <Spinner label="Checking your session..." className="py-24" />;
  if (signedIn && shown?.switchedTo) {
    const inAppShell =
      location.pathname === appPaths.home || location.pathname.startsWith(`${appPaths.home}/`);
    const dashboard = inAppShell ? appPaths.dashboard : paths.dashboard;
    const state = signedInElsewhereState(shown.switchedTo);
    const arrived =
      location.pathname === dashboard && signedInElsewhereIn(location.state) === shown.switchedTo;
    if (!arrived) return <Navigate to={dashboard} replace state={state} />;
    setShown({ userId: shown.userId, switchedTo: null });
  }
  if (signedIn || admittedPath === location.pathname) return <Outlet />;
  // A stored token is being checked (fetchMe on start): wait rather than bounce a valid session.
  if (loading) return <Spinner label="Checking your session..." className="py-24" />;
  return <Navigate to={paths.login} replace state={{ from: location }} />;
}
