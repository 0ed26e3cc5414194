import type { ComparisonReport } from './compare-model';

/** One line per file: what was compared and how many differences of each kind were found. */
export function summaryTable(
  reports: ComparisonReport[],
  skipped: Array<{ file: string; reason: string }>,
): string {
  const header = [
    'file',
    'schema',
    'elements',
    'GlobalId Δ',
    'type Δ',
    'storeys',
    'props',
    'values',
    'explained Δ',
    'unexplained Δ',
  ];
  const rows = reports.map((r) => {
    const explained = Object.values(r.differences)
      .filter((d) => d.explained)
      .reduce((n, d) => n + d.count, 0);
    return [
      r.file,
      r.schema,
      `${r.elements.ours}/${r.elements.theirs}`,
      String(r.globalIds.onlyOurs.length + r.globalIds.onlyTheirs.length),
      String(r.typeMismatches.length),
      String(r.compared.storeys),
      String(r.compared.properties),
      String(r.compared.values),
      explained
        ? `${explained} (${Object.entries(r.differences)
            .filter(([, d]) => d.explained)
            .map(([k, d]) => `${k} ${d.count}`)
            .join(', ')})`
        : '0',
      String(r.unexplained),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  return [
    line(header),
    widths.map((w) => '-'.repeat(w)).join('-|-'),
    ...rows.map(line),
    ...skipped.map((s) => `${s.file}: not compared: ${s.reason}`),
  ].join('\n');
}
