import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { shortLabel } from '@/lib/format';
import type { BreakdownRow } from '../change-view';

const SERIES = [
  { key: 'added', name: 'Added', fill: 'var(--success)' },
  { key: 'removed', name: 'Removed', fill: 'var(--destructive)' },
  { key: 'modified', name: 'Modified', fill: 'var(--primary)' },
] as const;

/**
 * Changes by IfcType as stacked horizontal bars (the app's recharts approach: the analytics count chart). The chart
 * is one image to assistive technology, its label the same figures the table below gives.
 */
export function ChangesChart({ rows, limit = 12 }: { rows: BreakdownRow[]; limit?: number }) {
  const data = rows.filter((row) => row.total > 0).slice(0, limit);
  if (data.length === 0) return null;
  const height = Math.max(160, data.length * 28 + 70);
  const label = data
    .map((d) => `${d.name}: ${d.added} added, ${d.removed} removed, ${d.modified} modified`)
    .join('; ');
  return (
    <div role="img" aria-label={`Changes by IFC type. ${label}`} style={{ height }} className="min-w-0">
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={data} layout="vertical" margin={{ left: 4, right: 12 }}>
          <CartesianGrid horizontal={false} strokeOpacity={0.3} />
          <XAxis type="number" allowDecimals={false} tickLine={false} axisLine={false} />
          <YAxis
            type="category"
            dataKey="name"
            width={120}
            tickLine={false}
            axisLine={false}
            fontSize={11}
            tickFormatter={(name: string) => shortLabel(name, 18)}
          />
          <Tooltip
            cursor={{ fillOpacity: 0.1 }}
            contentStyle={{
              background: 'var(--card)',
              borderColor: 'var(--border)',
              color: 'var(--card-foreground)',
            }}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {SERIES.map((series) => (
            <Bar
              key={series.key}
              dataKey={series.key}
              name={series.name}
              stackId="changes"
              fill={series.fill}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
