type TooltipEntry = { name?: unknown; value?: unknown; color?: string; dataKey?: unknown };

/**
 * The charts' tooltip. Recharts' default one is an assertive live region, so a screen reader announced every
 * point the pointer crossed, and it wrote each value in its series colour (the green Mobile line read at 3:1).
 * Here the text keeps the card's foreground colour, a swatch carries the series colour, and nothing is live:
 * the chart's own summary line already says what it shows.
 */
export function ChartTooltip({
  active,
  payload,
  label,
  formatLabel,
}: {
  active?: boolean;
  payload?: readonly TooltipEntry[];
  label?: unknown;
  formatLabel: (value: unknown) => string;
}) {
  if (!active || !payload?.length) return null;
  return (
    <div className="grid gap-1 rounded-md border bg-card px-3 py-2 text-xs text-card-foreground shadow-md">
      <p className="font-medium">{formatLabel(label)}</p>
      <ul className="grid gap-0.5">
        {payload.map((entry) => (
          <li key={String(entry.dataKey ?? entry.name)} className="flex items-center gap-2">
            <span aria-hidden="true" className="size-2.5 rounded-sm" style={{ background: entry.color }} />
            <span className="text-muted-foreground">{String(entry.name ?? '')}</span>
            <span className="ml-auto font-medium tabular-nums">{String(entry.value ?? '')}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
