/** Largest first; everything past `limit` is folded into one 'Other' bar so the chart stays legible. */
export function topCounts(counts: Record<string, number>, limit: number): { name: string; count: number }[] {
  const sorted = Object.entries(counts)
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  if (sorted.length <= limit) return sorted;
  const rest = sorted.slice(limit - 1).reduce((sum, item) => sum + item.count, 0);
  return [...sorted.slice(0, limit - 1), { name: 'Other', count: rest }];
}
