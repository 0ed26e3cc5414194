import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { isSessionExpired } from '@/features/auth/session-messages';
import { DashboardMetrics } from '@/features/dashboard/components/dashboard-metrics';
import { DocLinks } from '@/features/dashboard/components/doc-links';
import { FeedRequestsChart } from '@/features/dashboard/components/feed-requests-chart';
import { InfoCards } from '@/features/dashboard/components/info-cards';
import { QuickStats } from '@/features/dashboard/components/quick-stats';
import { RecentActivity } from '@/features/dashboard/components/recent-activity';
import { VisitorsChart } from '@/features/dashboard/components/visitors-chart';
import { ProfileCard } from '@/features/profile/components/profile-card';
import { useUserStats } from '@/features/stats/api/get-user-stats';
import { cn } from '@/lib/cn';
import { usePageTitle } from '@/lib/use-page-title';
import { SignedInElsewhereNotice } from '@/app/signed-in-elsewhere';

/** /dashboard (public layout) and /app/dashboard (app shell) show the same page. */
export function DashboardRoute({ framed = false }: { framed?: boolean }) {
  usePageTitle('Dashboard');
  const { user, token, error, fetchMe, logout } = useAuth();
  const stats = useUserStats();
  return (
    <div className={cn('grid gap-6', framed && 'mx-auto max-w-7xl px-4 py-10')}>
      <PageHeader title="Dashboard" description={user ? `Welcome back, ${user.username}.` : undefined} />
      <SignedInElsewhereNotice />
      <QueryState
        query={stats}
        loadingLabel="Loading your figures..."
        errorTitle="Could not load your statistics"
      >
        {(data) => <DashboardMetrics stats={data} />}
      </QueryState>
      <InfoCards user={user} signedIn={user !== null && token !== null} />
      <div className="grid gap-4 2xl:grid-cols-2">
        <VisitorsChart />
        {stats.data ? <FeedRequestsChart daily={stats.data.feedRequestsByDay} /> : null}
      </div>
      {stats.data ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <QuickStats stats={stats.data} />
          <RecentActivity items={stats.data.recentActivity} />
        </div>
      ) : null}
      <section aria-labelledby="docs-heading" className="grid gap-3">
        <h2 id="docs-heading" className="text-lg font-semibold">
          Documentation
        </h2>
        <DocLinks />
      </section>
      <section aria-labelledby="account-heading" className="grid max-w-2xl gap-3">
        <h2 id="account-heading" className="text-lg font-semibold">
          Your account
        </h2>
        <ProfileCard
          user={user}
          onUserChanged={fetchMe}
          onLogout={logout}
          sessionExpired={isSessionExpired(error)}
        />
      </section>
    </div>
  );
}

export function FramedDashboardRoute() {
  return <DashboardRoute framed />;
}

export default DashboardRoute;
