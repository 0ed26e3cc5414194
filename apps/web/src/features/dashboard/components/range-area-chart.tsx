import { useEffect, useState, type ReactNode } from 'react';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { filterByRange, type ChartRange } from '../chart-range';
import { useIsMobile } from '@/lib/use-media-query';
import { ChartTooltip } from './chart-tooltip';
import { RangePicker } from './range-picker';

export type ChartSeries<K extends string> = { key: K; label: string; color: string };

/** Spec §9: 250 px high; on large screens the tooltip starts on the 11th point (when there is data to show). */
export const CHART_HEIGHT = 250;
const DEFAULT_TOOLTIP_INDEX = 10;

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const formatDate = (value: unknown) =>
  typeof value === 'string' ? shortDate.format(new Date(`${value}T00:00:00Z`)) : String(value);

/**
 * An area chart over daily points with the spec's range selector (default 90 days, 7 days on a
 * small screen). Stacked series pile up (mobile on desktop); a single series stands alone.
 */
export function RangeAreaChart<K extends string>({
  title,
  description,
  badge,
  data,
  series,
  referenceDate,
  stacked = false,
}: {
  title: string;
  description: ReactNode;
  badge?: ReactNode;
  data: readonly ({ date: string } & Record<K, number>)[];
  series: ChartSeries<K>[];
  referenceDate: string;
  stacked?: boolean;
}) {
  const isMobile = useIsMobile();
  const [range, setRange] = useState<ChartRange>(() => (isMobile ? '7d' : '90d'));
  useEffect(() => {
    if (isMobile) setRange('7d');
  }, [isMobile]);
  const points = filterByRange(data, range, referenceDate);
  const first = points[0]?.date;
  const last = points.at(-1)?.date;
  // A tooltip pinned over an empty chart (no days, or nothing but zeros) shows nothing worth reading.
  const hasData = points.some((point) => series.some((item) => point[item.key] > 0));
  const defaultIndex = isMobile || !hasData ? undefined : Math.min(DEFAULT_TOOLTIP_INDEX, points.length - 1);

  return (
    <Card aria-label={title} role="region" data-point-count={points.length}>
      <CardHeader className="flex flex-col gap-3 border-b pb-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1">
          <CardTitle className="flex flex-wrap items-center gap-2 text-base">
            {title}
            {badge}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        <RangePicker value={range} onChange={setRange} compact={isMobile} label={`${title}: time range`} />
      </CardHeader>
      <CardContent className="pt-4">
        <p className="mb-2 text-xs text-muted-foreground" data-testid="chart-span">
          {first && last
            ? `Showing ${points.length} days: ${formatDate(first)} – ${formatDate(last)}`
            : 'No data in this range'}
        </p>
        <div style={{ height: CHART_HEIGHT }} className="w-full">
          <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
            <AreaChart
              // A new range is a new chart: the tooltip starts again from the default point, or none.
              key={`${range}:${hasData}`}
              data={points as ({ date: string } & Record<K, number>)[]}
              margin={{ left: 0, right: 8, top: 8 }}
            >
              <CartesianGrid vertical={false} strokeOpacity={0.3} />
              <XAxis
                dataKey="date"
                tickLine={false}
                axisLine={false}
                tickMargin={8}
                minTickGap={32}
                tickFormatter={formatDate}
              />
              <YAxis width={48} tickLine={false} axisLine={false} allowDecimals={false} />
              <Tooltip
                defaultIndex={defaultIndex}
                content={(props) => (
                  <ChartTooltip
                    active={props.active}
                    payload={props.payload}
                    label={props.label}
                    formatLabel={formatDate}
                  />
                )}
              />
              {series.map((item) => (
                <Area
                  key={item.key}
                  dataKey={item.key}
                  name={item.label}
                  type="monotone"
                  stroke={item.color}
                  fill={item.color}
                  fillOpacity={0.25}
                  isAnimationActive={false}
                  {...(stacked ? { stackId: 'total' } : {})}
                />
              ))}
            </AreaChart>
          </ResponsiveContainer>
        </div>
      </CardContent>
    </Card>
  );
}
