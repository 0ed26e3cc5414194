/**
 * Count maps (per IFC type, per storey) are stored as arrays of entries, not as sub-documents keyed by name:
 * storey names such as "+3.50" or "$Level" would be field names with dots or a leading `$`, which MongoDB servers
 * and FerretDB handle unevenly.
 */
export interface CountEntry {
  key: string;
  count: number;
}

export const fromEntries = (entries: CountEntry[]): Record<string, number> =>
  Object.fromEntries(entries.map((entry) => [entry.key, entry.count]));
export const toEntries = (counts: Record<string, number>): CountEntry[] =>
  Object.entries(counts).map(([key, count]) => ({ key, count }));
