import { usePageTitle } from '@/lib/use-page-title';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ProfileCard } from '@/features/profile/components/profile-card';

/** Until the dashboard issue lands: the heading and the profile card (issue 2, item 6). */
export function DashboardRoute() {
  usePageTitle('Dashboard');
  const { user, fetchMe, logout } = useAuth();
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
        {user ? <p className="mt-1 text-muted-foreground">Welcome back, {user.username}.</p> : null}
      </div>
      <ProfileCard user={user} onUserChanged={fetchMe} onLogout={logout} />
    </div>
  );
}

export default DashboardRoute;
