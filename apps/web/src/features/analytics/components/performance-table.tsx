import type { UserStats } from '@aec/contracts';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { throughput } from '../performance';
import { usageRows } from '../usage-rows';
import { ScrollX } from '@/components/ui/scroll-x';
import { shortLabel } from '@/lib/format';

const integer = new Intl.NumberFormat('en-US');

function seconds(ms: number | null): string {
  return ms === null ? '—' : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** Processing time of each project's last job and how often BI tools read its feed, adding up to the totals. */
export function PerformanceTable({ stats }: { stats: UserStats }) {
  const projects = stats.perProject;
  const chart = projects.map((p) => ({
    name: p.name,
    seconds: p.processingMs === null ? 0 : p.processingMs / 1000,
    requests: p.feedRequests,
  }));
  return (
    <div className="grid gap-4">
      <ScrollX className="rounded-lg border">
        <table className="w-full text-sm">
          <thead className="bg-muted/50 text-left text-xs uppercase text-muted-foreground">
            <tr>
              <th className="p-3 font-medium">Project</th>
              <th className="p-3 font-medium">Status</th>
              <th className="p-3 text-right font-medium">Elements</th>
              <th className="p-3 text-right font-medium">Processing time</th>
              <th className="p-3 text-right font-medium">Elements / s</th>
              <th className="p-3 text-right font-medium">Feed requests</th>
              <th className="p-3 text-right font-medium">CSV exports</th>
            </tr>
          </thead>
          <tbody>
            {projects.map((project) => (
              <tr key={project.projectId} className="border-t">
                <td className="p-3 font-medium">{project.name}</td>
                <td className="p-3">{project.status}</td>
                <td className="p-3 text-right tabular-nums">{integer.format(project.elementCount)}</td>
                <td className="p-3 text-right tabular-nums">{seconds(project.processingMs)}</td>
                <td className="p-3 text-right tabular-nums">
                  {throughput(project.elementCount, project.processingMs)}
                </td>
                <td className="p-3 text-right tabular-nums">{integer.format(project.feedRequests)}</td>
                <td className="p-3 text-right tabular-nums">{integer.format(project.exports)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {usageRows(stats).map((row) => (
              <tr key={row.label} className="border-t bg-muted/30">
                <th scope="row" colSpan={5} className="p-3 text-left font-medium">
                  {row.label}
                </th>
                <td className="p-3 text-right tabular-nums">{integer.format(row.feedRequests)}</td>
                <td className="p-3 text-right tabular-nums">{integer.format(row.exports)}</td>
              </tr>
            ))}
          </tfoot>
        </table>
      </ScrollX>
      <div className="grid gap-4 lg:grid-cols-2">
        {(
          [
            ['seconds', 'Processing time (s)', 'Wall time of the last processing job'],
            ['requests', 'Feed requests', 'OData requests served per project'],
          ] as const
        ).map(([key, title, description]) => (
          <Card key={key} role="region" aria-label={title}>
            <CardHeader>
              <CardTitle className="text-base">{title}</CardTitle>
              <CardDescription>{description}</CardDescription>
            </CardHeader>
            <CardContent style={{ height: 240 }}>
              <ResponsiveContainer width="100%" height={220}>
                <BarChart data={chart} margin={{ left: 0, right: 8 }}>
                  <CartesianGrid vertical={false} strokeOpacity={0.3} />
                  <XAxis
                    dataKey="name"
                    tickLine={false}
                    axisLine={false}
                    fontSize={12}
                    interval={0}
                    tickFormatter={(name: string) => shortLabel(name, 16)}
                  />
                  <YAxis width={48} tickLine={false} axisLine={false} fontSize={12} />
                  <Tooltip
                    contentStyle={{
                      background: 'var(--card)',
                      borderColor: 'var(--border)',
                      color: 'var(--card-foreground)',
                    }}
                  />
                  <Bar
                    dataKey={key}
                    name={title}
                    fill="var(--primary)"
                    radius={[4, 4, 0, 0]}
                    isAnimationActive={false}
                  />
                </BarChart>
              </ResponsiveContainer>
            </CardContent>
          </Card>
        ))}
      </div>
    </div>
  );
}
