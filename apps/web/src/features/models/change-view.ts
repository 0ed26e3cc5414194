import type { ChangeCounts, ChangeSummaryDto } from '@aec/contracts';

/** What the "What changed" panel shows for a version: one of four states, each with its own words. */
export type ChangeView =
  | { kind: 'first'; message: string }
  | { kind: 'pending'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; summary: ChangeSummaryDto };

/**
 * `null` changes = nothing to compare: the model's first version, or a later one whose older versions were all
 * deleted (`versionNumber` tells them apart).
 */
export function changeView(changes: ChangeSummaryDto | null, versionNumber = 1): ChangeView {
  if (!changes)
    return {
      kind: 'first',
      message:
        versionNumber > 1
          ? 'No earlier version is kept: nothing to compare'
          : 'First version: nothing to compare',
    };
  const previous = changes.previousVersionNumber;
  const against = previous === null ? 'the previous version' : `version ${previous}`;
  if (changes.status === 'pending') return { kind: 'pending', message: `Comparing with ${against}…` };
  if (changes.status === 'failed') {
    const reason = changes.error?.trim();
    return { kind: 'failed', message: `Could not compare with ${against}${reason ? `: ${reason}` : ''}` };
  }
  return { kind: 'ready', summary: changes };
}

export function changeTotals(changes: ChangeSummaryDto): Array<{ label: string; value: number }> {
  return [
    { label: 'Added', value: changes.added },
    { label: 'Removed', value: changes.removed },
    { label: 'Modified', value: changes.modified },
    { label: 'Property values changed', value: changes.propertyValuesChanged },
  ];
}

export type BreakdownRow = ChangeCounts & { name: string; total: number };

/** The server's key '' is elements placed on no storey. */
export const NO_STOREY = 'No storey';

/** Rows of a by-type or by-storey breakdown, most changed first (ties by name, so the order never flickers). */
export function sortedBreakdown(
  rows: ReadonlyArray<ChangeCounts & ({ ifcType: string } | { storey: string })>,
): BreakdownRow[] {
  return rows
    .map((row) => {
      const key = 'ifcType' in row ? row.ifcType : row.storey;
      return {
        name: key === '' ? NO_STOREY : key,
        added: row.added,
        removed: row.removed,
        modified: row.modified,
        total: row.added + row.removed + row.modified,
      };
    })
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
}
