/** Number, date and duration formats every screen shares, so a figure reads the same on each. */
const integer = new Intl.NumberFormat('en-US');
export const formatInteger = (value: number) => integer.format(value);

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatDateTime = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '—');

/**
 * A chart axis label of at most `max` characters (whole code points), ending in an ellipsis when cut: names are user
 * data (a project, a storey) of any length, and an SVG tick neither wraps nor clips. The tooltip shows the whole name.
 */
export function shortLabel(text: string, max = 20): string {
  const chars = Array.from(text);
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}
