import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { shortLabel } from '@/lib/format';
import { topCounts } from '../top-counts';

export function CountBarChart({
  counts,
  label,
  limit = 12,
}: {
  counts: Record<string, number>;
  label: string;
  limit?: number;
}) {
  const data = topCounts(counts, limit);
  if (data.length === 0) return <p className="text-sm text-muted-foreground">No elements to count.</p>;
  const height = Math.max(160, data.length * 28 + 40);
  return (
    <div
      role="img"
      aria-label={`${label}: ${data.map((d) => `${d.name} ${d.count}`).join(', ')}`}
      style={{ height }}
    >
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }}>
          <CartesianGrid horizontal={false} strokeOpacity={0.3} />
          <XAxis type="number" allowDecimals={false} tickLine={false} axisLine={false} />
          <YAxis
            type="category"
            dataKey="name"
            width={150}
            tickLine={false}
            axisLine={false}
            fontSize={12}
            tickFormatter={(name: string) => shortLabel(name, 24)}
          />
          <Tooltip
            cursor={{ fillOpacity: 0.1 }}
            contentStyle={{
              background: 'var(--card)',
              borderColor: 'var(--border)',
              color: 'var(--card-foreground)',
            }}
          />
          <Bar
            dataKey="count"
            name="Elements"
            fill="var(--primary)"
            radius={[0, 4, 4, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
