import type { UserStats } from '@aec/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatInteger } from '@/lib/format';

/** The user's own totals, counted by the server. */
export function QuickStats({ stats }: { stats: UserStats }) {
  const rows: [string, number][] = [
    ['Projects', stats.projects],
    ['Ready projects', stats.readyProjects],
    ['Elements extracted', stats.elements],
    ['Feed requests', stats.feedRequests],
    ['CSV exports', stats.exports],
  ];
  return (
    <Card role="region" aria-label="Quick stats">
      <CardHeader>
        <CardTitle className="text-base">Quick stats</CardTitle>
        <CardDescription>Your projects and how BI tools use them</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-2">
          {rows.map(([label, value]) => (
            <div
              key={label}
              className="flex items-center justify-between border-b pb-2 text-sm last:border-0"
            >
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-semibold tabular-nums">{formatInteger(value)}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
