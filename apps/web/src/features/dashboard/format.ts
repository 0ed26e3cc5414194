export function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  return `${minutes}m ${Math.floor(seconds % 60)}s`;
}

/** Percentage change of the last 7 days against the 7 before; null when there is no base to compare. */
export function weekOverWeek(
  daily: readonly { count: number }[],
): { value: string; trend: 'up' | 'down' } | null {
  const last = daily.slice(-7).reduce((sum, day) => sum + day.count, 0);
  const previous = daily.slice(-14, -7).reduce((sum, day) => sum + day.count, 0);
  if (daily.length < 14 || previous === 0) return null;
  const change = ((last - previous) / previous) * 100;
  return {
    value: `${change >= 0 ? '+' : ''}${change.toFixed(1)}% vs previous 7 days`,
    trend: change >= 0 ? 'up' : 'down',
  };
}
