import { Info } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { signedInElsewhereMessage } from '@/features/auth/session-messages';

/** The navigation state RequireAuth sends the dashboard after another tab signed in as someone else. */
export const signedInElsewhereState = (username: string) => ({ signedInElsewhere: username });

/** The username such a navigation state names, or null for any other state. */
export const signedInElsewhereIn = (state: unknown): string | null => {
  const username = (state as { signedInElsewhere?: unknown } | null)?.signedInElsewhere;
  return typeof username === 'string' && username !== '' ? username : null;
};

/**
 * On the dashboard after such a switch: whose account the tab now shows. Said once: the history entry's state is
 * cleared as soon as it is read, so a reload or coming back to the entry does not say it again, while the notice
 * stays on the page it was shown on.
 */
export function SignedInElsewhereNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const arrived = signedInElsewhereIn(location.state);
  const [username, setUsername] = useState(arrived);
  // A second switch while the dashboard is open brings a new name.
  if (arrived !== null && arrived !== username) setUsername(arrived);
  useEffect(() => {
    if (arrived === null) return;
    void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null });
  }, [arrived, location.pathname, location.search, location.hash, navigate]);
  if (username === null) return null;
  return (
    <Alert data-testid="signed-in-elsewhere">
      <Info aria-hidden="true" />
      <AlertDescription>{signedInElsewhereMessage(username)}</AlertDescription>
    </Alert>
  );
}
