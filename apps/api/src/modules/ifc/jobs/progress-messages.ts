import type { ExtractionSummary, ExtractProgress } from '@aec/ifc';
import type { StoredCounts } from '../worker/protocol';
import type { LogEntry } from './job-events';

type Entry = Omit<LogEntry, 'id' | 'timestamp'>;

/** Progress bands: upload 0–10, parse 15–25, index 35, extract 35–85, store up to 90, publish 95, done 100. */
export function progressEntry(p: ExtractProgress): Entry {
  switch (p.phase) {
    case 'parse':
      return {
        message: p.message,
        type: 'info',
        category: 'parse',
        progress: p.done !== undefined ? 25 : 20,
      };
    case 'index':
      return { message: p.message, type: 'info', category: 'extract', progress: 35 };
    case 'extract': {
      const fraction = p.total ? (p.done ?? 0) / p.total : 0;
      return {
        message: p.message,
        type: 'info',
        category: 'extract',
        progress: Math.round(35 + 50 * fraction),
      };
    }
  }
}

/** "381 IfcWallStandardCase, 43 IfcSlab, …": the model's real product counts, largest first. */
export function countsMessage(summary: ExtractionSummary, limit = 12): string {
  const sorted = Object.entries(summary.countsByType).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const shown = sorted.slice(0, limit).map(([type, n]) => `${n} ${type}`);
  const rest = sorted.length - shown.length;
  return `Products by type: ${shown.join(', ')}${rest > 0 ? ` and ${rest} more types` : ''}`;
}

/** The job's worker has started on the file. */
export const STARTED_ENTRY: Entry = {
  message: 'Processing started',
  type: 'info',
  category: 'parse',
  progress: 15,
};

/** Every row is stored: the products by type, then what was stored. */
export function storedEntries(summary: ExtractionSummary, stored: StoredCounts): Entry[] {
  return [
    { message: countsMessage(summary), type: 'info', category: 'extract', progress: 88 },
    {
      message: `Stored ${stored.elements} elements, ${stored.properties} property values and ${stored.spatial} spatial structure rows`,
      type: 'info',
      category: 'extract',
      progress: 90,
    },
  ];
}

/** The version is about to be published. */
export const PUBLISHING_ENTRY: Entry = {
  message: 'Publishing the OData feed',
  type: 'info',
  category: 'complete',
  progress: 95,
};
