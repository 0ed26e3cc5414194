import type { PublicUser } from '@aec/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { describeApiError } from '@/lib/api-client';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useSessionCheck } from '../api/check-session';
import { SESSION_MESSAGES, sessionCheckMessage } from '../utils/session-check-message';
import { AccountDeletedCard } from './account-deleted-card';
import { ProfileForm } from './profile-form';
import { SessionErrorCard } from './session-error-card';

export type ProfileCardProps = {
  user: PublicUser | null;
  /** Re-reads the signed-in user after a successful save (the auth state's fetchMe). */
  onUserChanged: () => Promise<unknown>;
  /** Ends the session (the auth state's logout). */
  onLogout: () => void;
  /** The server refused the session elsewhere on the page (the auth state cleared the user after a 401). */
  sessionExpired?: boolean;
};

/** Spec §4 Profile card: loading → form, or session error, or account deleted. */
export function ProfileCard({ user, onUserChanged, onLogout, sessionExpired = false }: ProfileCardProps) {
  const navigate = useNavigate();
  const [deleted, setDeleted] = useState(false);
  // No user means no session to check (logged out, or still loading): never send a tokenless request.
  const check = useSessionCheck(user?.id ?? null, user !== null && !deleted);

  if (deleted) return <AccountDeletedCard />;
  if (check.isError || sessionExpired) {
    return (
      <SessionErrorCard
        message={
          check.isError ? sessionCheckMessage(describeApiError(check.error)) : SESSION_MESSAGES.expired
        }
        onLogin={() => {
          onLogout();
          void navigate(paths.login);
        }}
      />
    );
  }
  if (!user) {
    return (
      <Card>
        <CardContent className="pt-6">
          <Spinner label="Loading profile..." />
        </CardContent>
      </Card>
    );
  }
  return (
    <ProfileForm
      user={user}
      onSaved={onUserChanged}
      onDeleted={() => {
        setDeleted(true);
        onLogout();
      }}
    />
  );
}
