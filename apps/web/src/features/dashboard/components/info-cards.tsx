import type { PublicUser } from '@aec/contracts';
import { Activity, Database, RefreshCw, ShieldCheck } from 'lucide-react';
import { getErrorMessage } from '@/lib/api-client';
import { useHealth } from '../api/get-health';
import { formatUptime } from '../format';
import { ClockCard } from './clock-card';
import { StatusCard } from './status-card';

function Rows({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="truncate font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Clock, session, database and server health; the last two read GET /health. */
export function InfoCards({ user, signedIn }: { user: PublicUser | null; signedIn: boolean }) {
  const health = useHealth();
  const data = health.data;
  const refresh = { label: 'Refresh', icon: RefreshCw, onClick: () => void health.refetch() };
  const unreachable = health.isError ? getErrorMessage(health.error) : null;
  return (
    <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-4">
      <ClockCard />
      <StatusCard
        title="Authentication"
        description="Your session in this browser"
        icon={ShieldCheck}
        status={
          signedIn ? { label: 'Signed in', variant: 'success' } : { label: 'Signed out', variant: 'error' }
        }
        content={
          <Rows
            rows={[
              ['User', user?.username ?? '—'],
              ['Email', user?.email ?? '—'],
              ['Method', 'Bearer token (JWT)'],
            ]}
          />
        }
      />
      <StatusCard
        title="Database"
        description="The store behind projects and feeds"
        icon={Database}
        status={
          data
            ? data.database.status === 'up'
              ? { label: 'Connected', variant: 'success' }
              : { label: 'Down', variant: 'error' }
            : { label: unreachable ? 'Unreachable' : 'Checking', variant: unreachable ? 'error' : 'neutral' }
        }
        content={
          data ? (
            <Rows
              rows={[
                ['Engine', data.database.kind === 'mongodb' ? 'MongoDB' : 'SQLite'],
                ['Latency', data.database.latencyMs === null ? '—' : `${data.database.latencyMs} ms`],
                ...(data.database.error ? ([['Error', data.database.error]] as [string, string][]) : []),
              ]}
            />
          ) : (
            <p className="text-muted-foreground">{unreachable ?? 'Asking the server...'}</p>
          )
        }
        action={refresh}
      />
      <StatusCard
        title="System health"
        description="The API server answering this app"
        icon={Activity}
        status={
          data
            ? data.status === 'ok'
              ? { label: 'Healthy', variant: 'success' }
              : { label: 'Degraded', variant: 'warning' }
            : { label: unreachable ? 'Unreachable' : 'Checking', variant: unreachable ? 'error' : 'neutral' }
        }
        content={
          data ? (
            <Rows
              rows={[
                ['Uptime', formatUptime(data.uptimeSeconds)],
                ['Memory', `${data.memory.rssMb} MB RSS, ${data.memory.heapUsedMb} MB heap`],
                ['Version', `${data.version} (Node ${data.node})`],
              ]}
            />
          ) : (
            <p className="text-muted-foreground">{unreachable ?? 'Asking the server...'}</p>
          )
        }
        action={refresh}
      />
    </div>
  );
}
