import { Info } from 'lucide-react';
import { useLocation } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { signedInElsewhereMessage } from '@/features/auth/session-messages';

/** The navigation state RequireAuth sends the dashboard after another tab signed in as someone else. */
export const signedInElsewhereState = (username: string) => ({ signedInElsewhere: username });

/** On the dashboard after such a switch: whose account the tab now shows (role=status, read out once). */
export function SignedInElsewhereNotice() {
  const { state } = useLocation();
  const username = (state as { signedInElsewhere?: unknown } | null)?.signedInElsewhere;
  if (typeof username !== 'string' || username === '') return null;
  return (
    <Alert data-testid="signed-in-elsewhere">
      <Info aria-hidden="true" />
      <AlertDescription>{signedInElsewhereMessage(username)}</AlertDescription>
    </Alert>
  );
}
