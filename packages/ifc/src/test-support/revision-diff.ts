import type { ElementRow, PropertyRow } from '../types';
import type { ExpectedChange, ExpectedPropertyChange } from '../generate/revision-types';

/**
 * Columns that identify a row rather than describe the element: never a modification (issue 15 design). The hidden
 * PropertyFingerprint is neither: it only summarises the property rows, whose changes are compared one by one.
 */
const IDENTITY_COLUMNS = new Set<string>(['GlobalId', 'ExpressId', 'PropertyFingerprint']);

/**
 * A plain reference diff of two extractions by GlobalId, following the issue 15 rules, so the generator's
 * manifest is checked against what the extraction really reads rather than against itself.
 */
export function diffExtractions(
  before: { elements: ElementRow[]; properties: PropertyRow[] },
  after: { elements: ElementRow[]; properties: PropertyRow[] },
): ExpectedChange[] {
  const oldById = byGlobalId(before.elements);
  const newById = byGlobalId(after.elements);
  const oldProps = propertiesByElement(before.properties);
  const newProps = propertiesByElement(after.properties);
  const changes: ExpectedChange[] = [];
  for (const [id, row] of newById) {
    const old = oldById.get(id);
    if (!old) {
      changes.push(change(row, 'Added', [], []));
      continue;
    }
    const columns = Object.keys(row).filter(
      (key) => !IDENTITY_COLUMNS.has(key) && old[key as keyof ElementRow] !== row[key as keyof ElementRow],
    );
    const propertyChanges = diffProperties(oldProps.get(id) ?? [], newProps.get(id) ?? []);
    if (columns.length || propertyChanges.length)
      changes.push(change(row, 'Modified', columns, propertyChanges));
  }
  for (const [id, row] of oldById) if (!newById.has(id)) changes.push(change(row, 'Removed', [], []));
  return changes.sort((a, b) => (a.globalId < b.globalId ? -1 : a.globalId > b.globalId ? 1 : 0));
}

function change(
  row: ElementRow,
  changeType: ExpectedChange['changeType'],
  changedColumns: string[],
  propertyChanges: ExpectedPropertyChange[],
): ExpectedChange {
  return {
    globalId: row.GlobalId ?? '',
    changeType,
    ifcType: row.IfcType,
    name: row.Name,
    storey: row.Storey,
    changedColumns,
    propertyChanges,
  };
}

function byGlobalId(rows: ElementRow[]): Map<string, ElementRow> {
  const map = new Map<string, ElementRow>();
  for (const row of rows) {
    if (!row.GlobalId || map.has(row.GlobalId))
      throw new Error(`missing or repeated GlobalId ${row.GlobalId}`);
    map.set(row.GlobalId, row);
  }
  return map;
}

function propertiesByElement(rows: PropertyRow[]): Map<string, PropertyRow[]> {
  const map = new Map<string, PropertyRow[]>();
  for (const row of rows) {
    const list = map.get(row.ElementGlobalId ?? '') ?? [];
    list.push(row);
    map.set(row.ElementGlobalId ?? '', list);
  }
  return map;
}

/** Pairs by (SetName, PropertyName); a repeated pair is matched by occurrence order. */
function diffProperties(before: PropertyRow[], after: PropertyRow[]): ExpectedPropertyChange[] {
  const key = (p: PropertyRow) => `${p.SetName ?? ''}\u0000${p.PropertyName ?? ''}`;
  const group = (rows: PropertyRow[]) => {
    const map = new Map<string, PropertyRow[]>();
    for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
    return map;
  };
  const oldGroups = group(before);
  const newGroups = group(after);
  const out: ExpectedPropertyChange[] = [];
  for (const k of new Set([...oldGroups.keys(), ...newGroups.keys()])) {
    const olds = oldGroups.get(k) ?? [];
    const news = newGroups.get(k) ?? [];
    for (let i = 0; i < Math.max(olds.length, news.length); i++) {
      const o = olds[i];
      const n = news[i];
      const any = (n ?? o) as PropertyRow;
      const changeType = !o
        ? 'Added'
        : !n
          ? 'Removed'
          : o.Value !== n.Value || o.Unit !== n.Unit
            ? 'Modified'
            : null;
      if (!changeType) continue;
      out.push({
        setName: any.SetName,
        propertyName: any.PropertyName,
        changeType,
        oldValue: o?.Value ?? null,
        newValue: n?.Value ?? null,
        unit: any.Unit,
      });
    }
  }
  return out;
}
