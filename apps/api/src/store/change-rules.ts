import { elementColumnNames } from './row-columns';
import type { ChangeCounts, ChangeSummary } from './ifc-types';

/*
 * What counts as a change between two versions of a model (issue 15), shared by both stores so they agree row for
 * row. Elements are matched by key (the element Id after its model prefix: the GlobalId, `#n` for a repeat,
 * `~<ExpressId>` without one); everything here is store-agnostic.
 */

export type ChangeType = 'Added' | 'Removed' | 'Modified';

/** Element columns compared: all but ExpressId, which changes whenever a file is re-exported. */
export const COMPARED_ELEMENT_COLUMNS = elementColumnNames.filter((name) => name !== 'ExpressId');

/**
 * Names of the columns whose values differ, in ELEMENT_COLUMNS order. Both rows hold the values of
 * COMPARED_ELEMENT_COLUMNS in that order, from `offset` on (a store reads them as arrays, the cheapest form).
 */
export function changedElementColumns(
  previous: readonly unknown[],
  next: readonly unknown[],
  offset = 0,
): string[] {
  const changed: string[] = [];
  for (let i = 0; i < COMPARED_ELEMENT_COLUMNS.length; i++) {
    if (!sameValue(previous[offset + i], next[offset + i])) changed.push(COMPARED_ELEMENT_COLUMNS[i]!);
  }
  return changed;
}

/** Booleans may come back as 0/1 from one store and true/false from another: the same value either way. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return a === null || b === null;
  const bool = (v: unknown) => (v === true ? 1 : v === false ? 0 : v);
  return bool(a) === bool(b);
}

export interface PropertyValue {
  SetName: string | null;
  PropertyName: string | null;
  Value: string | null;
  Unit: string | null;
}

export interface PropertyChange {
  changeType: ChangeType;
  setName: string | null;
  propertyName: string | null;
  oldValue: string | null;
  newValue: string | null;
  unit: string | null;
}

const pairKey = (p: PropertyValue) => JSON.stringify([p.SetName, p.PropertyName]);

/**
 * One element's property value changes. Values are matched by (SetName, PropertyName); a pair repeated within
 * the element is matched by occurrence (its first in one version with its first in the other, and so on). Added
 * and Modified come in the new version's order, then Removed in the old version's.
 */
export function diffProperties(previous: PropertyValue[], next: PropertyValue[]): PropertyChange[] {
  const older = new Map<string, PropertyValue[]>();
  for (const p of previous) {
    const key = pairKey(p);
    const list = older.get(key);
    if (list) list.push(p);
    else older.set(key, [p]);
  }
  const matched = new Set<PropertyValue>();
  const changes: PropertyChange[] = [];
  for (const p of next) {
    const old = older.get(pairKey(p))?.shift();
    const base = { setName: p.SetName, propertyName: p.PropertyName, newValue: p.Value, unit: p.Unit };
    if (!old) {
      changes.push({ ...base, changeType: 'Added', oldValue: null });
      continue;
    }
    matched.add(old);
    if (old.Value !== p.Value || old.Unit !== p.Unit) {
      changes.push({ ...base, changeType: 'Modified', oldValue: old.Value });
    }
  }
  for (const p of previous) {
    if (matched.has(p)) continue;
    changes.push({
      changeType: 'Removed',
      setName: p.SetName,
      propertyName: p.PropertyName,
      oldValue: p.Value,
      newValue: null,
      unit: p.Unit,
    });
  }
  return changes;
}

/**
 * Orders keys as SQLite's BINARY collation does (UTF-8 bytes = code points), which JavaScript's `<` (UTF-16 code
 * units) does not for characters beyond the BMP against U+E000–U+FFFF: a merge of two key-ordered streams needs
 * exactly the order the store pages in.
 */
export function compareKeys(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) return codePointRank(x) - codePointRank(y);
    return x - y;
  }
  return a.length - b.length;
}

/**
 * Rows stored before models existed keep their old key, `<projectId>:<ExpressId padded to 10 digits>` (the
 * project's default model has the project's id). Told apart by a version's first row: a key of today ends with the
 * GlobalId.
 */
export function isLegacyKey(id: string, expressId: number, globalId: unknown, modelId: string): boolean {
  const padded = String(expressId).padStart(10, '0');
  return id === `${modelId}:${padded}` && globalId !== padded;
}

/**
 * The keys rows of an old version get as rows are keyed today: the GlobalId, `#n` for its n-th repeat, `~<ExpressId>`
 * without one. Rows are given in ExpressId order (the order of their old keys), which numbers the repeats as the
 * extraction does.
 */
export function todaysKeys(
  modelId: string,
): (globalId: string | null | undefined, expressId: number) => string {
  const seen = new Map<string, number>();
  return (globalId, expressId) => {
    if (!globalId) return `${modelId}:~${expressId}`;
    const n = (seen.get(globalId) ?? 0) + 1;
    seen.set(globalId, n);
    return `${modelId}:${n > 1 ? `${globalId}#${n}` : globalId}`;
  };
}

/** Surrogates (0xD800–0xDFFF) stand for code points above every BMP character. */
const codePointRank = (unit: number) => (unit >= 0xe000 ? unit - 0x800 : unit + 0x2000);

/** Counts of a change summary as the element changes come in. */
export function createChangeTally(previousVersionNumber: number) {
  const zero = (): ChangeCounts => ({ added: 0, removed: 0, modified: 0 });
  const totals = { ...zero(), propertyValuesChanged: 0, commonElements: 0 };
  // Maps, not objects: a storey may be named "__proto__".
  const byType = new Map<string, ChangeCounts>();
  const byStorey = new Map<string, ChangeCounts>();
  const counts = (map: Map<string, ChangeCounts>, key: string) => {
    let entry = map.get(key);
    if (!entry) map.set(key, (entry = zero()));
    return entry;
  };
  const field = { Added: 'added', Removed: 'removed', Modified: 'modified' } as const;
  return {
    /** An element present in both versions, changed or not. */
    common(): void {
      totals.commonElements += 1;
    },
    change(type: ChangeType, ifcType: string | null, storey: string | null, propertyChanges = 0): void {
      const name = field[type];
      totals[name] += 1;
      totals.propertyValuesChanged += propertyChanges;
      counts(byType, ifcType ?? '')[name] += 1;
      counts(byStorey, storey ?? '')[name] += 1;
    },
    summary: (): ChangeSummary => ({
      status: 'ready',
      previousVersionNumber,
      ...totals,
      byType: Object.fromEntries(byType),
      byStorey: Object.fromEntries(byStorey),
      error: null,
    }),
  };
}

/** A change summary waiting for the change step, against version `previousVersionNumber` of the model. */
export function pendingChangeSummary(
  previousVersionNumber: number,
  error: string | null = null,
): ChangeSummary {
  return {
    status: 'pending',
    previousVersionNumber,
    added: 0,
    removed: 0,
    modified: 0,
    propertyValuesChanged: 0,
    commonElements: 0,
    byType: {},
    byStorey: {},
    error,
  };
}

/** The warning a version gets when it shares no element with the one before: probably not the same model. */
export const noCommonElementsWarning = (previousNumber: number) =>
  `0 elements in common with version ${previousNumber}`;

/** Why a version cannot be compared with `number` any more: its rows are gone (deleted, or pruned by retention). */
export const previousGoneReason = (number: number) =>
  `Version ${number} is no longer stored, so there is nothing to compare with.`;

/**
 * Thrown by computeChanges when the version compared with is deleted or pruned before or while the changes are
 * computed: nothing of the run is left. After a deletion the store has already compared the version with another
 * one or with none (ModelRepository.deleteVersion), so the caller records nothing then.
 */
export class PreviousVersionGoneError extends Error {
  /** The number of the version compared with; null when its record is gone too (deleted). */
  constructor(readonly number: number | null) {
    super(
      number === null
        ? 'The version compared with is no longer stored, so there is nothing to compare with.'
        : previousGoneReason(number),
    );
    this.name = 'PreviousVersionGoneError';
  }
}

/**
 * A version compared with one that is deleted: compared again with its model's previous retained version (ready,
 * rows kept, lower number), or with none. What the store writes on such a version, in the same step as the
 * deletion: its summary pending against that version (null without one: a version with nothing before it has no
 * changes, like a model's first), and its warnings without the one naming the deleted version.
 */
export function repointedChanges(
  deletedNumber: number,
  warnings: readonly string[],
  previousNumber: number | null,
): { changes: ChangeSummary | null; warnings: string[] } {
  const stale = noCommonElementsWarning(deletedNumber);
  return {
    changes: previousNumber === null ? null : pendingChangeSummary(previousNumber),
    warnings: warnings.filter((w) => w !== stale),
  };
}
