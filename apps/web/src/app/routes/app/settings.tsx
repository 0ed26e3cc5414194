import { PageHeader } from '@/components/ui/page-header';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { isSessionExpired } from '@/features/auth/session-messages';
import { FeedTokenManager } from '@/features/feed-tokens/components/feed-token-manager';
import { ProfileCard } from '@/features/profile/components/profile-card';
import { feedServiceRoot } from '@/lib/feed-urls';
import { ThemePreference } from '@/features/settings/components/theme-preference';
import { useTheme } from '@/lib/theme/theme-context';
import { usePageTitle } from '@/lib/use-page-title';

export function SettingsRoute() {
  usePageTitle('Settings');
  const { user, error, fetchMe, logout } = useAuth();
  const { theme, setTheme } = useTheme();
  return (
    <div className="grid max-w-4xl gap-6">
      <PageHeader
        title="Settings"
        description="Your profile, the tokens your BI tools sign in with, and the look of the app."
      />
      <ProfileCard
        user={user}
        onUserChanged={fetchMe}
        onLogout={logout}
        sessionExpired={isSessionExpired(error)}
      />
      {/* Signed-in only: after the account is deleted (a logout) the page keeps just its deleted card. */}
      {user ? (
        <FeedTokenManager username={user.username} serviceRoot={feedServiceRoot(window.location.origin)} />
      ) : null}
      <ThemePreference value={theme} onChange={setTheme} />
    </div>
  );
}

export default SettingsRoute;
