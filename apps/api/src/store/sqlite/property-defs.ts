import type { PropertyRow } from '@aec/ifc';

/**
 * A property row's definition: the columns a model repeats on thousands of rows (a set's name and kind, the
 * property's name, unit and value type). The row writer binds each definition once and the rows refer to it by
 * number: a string costs libsql 215–250 ns to bind, a number 80, and the five were most of a property row's binding
 * (measured, the writer alone over 921,844 property-like rows: 4.3–5.8 s with every column bound, 2.9–3.3 s with
 * the definitions interned; sqlite-row-repository.ts joins them back as it inserts).
 */
export const PROPERTY_DEF_COLUMNS = ['SetName', 'SetKind', 'PropertyName', 'Unit', 'ValueType'] as const;

/** The columns a property row binds itself, in order; its definition's number follows them. */
export const PROPERTY_VALUE_COLUMNS = [
  'ElementGlobalId',
  'ElementExpressId',
  'Value',
  'NumericValue',
] as const;

/** Values per interned property row: PROPERTY_VALUE_COLUMNS, then the definition's number. */
export const INTERNED_PROPERTY_WIDTH = PROPERTY_VALUE_COLUMNS.length + 1;

/** Values per definition: its number, then PROPERTY_DEF_COLUMNS. */
export const PROPERTY_DEF_WIDTH = PROPERTY_DEF_COLUMNS.length + 1;

export interface InternedProperties {
  /** INTERNED_PROPERTY_WIDTH values per row, a value equal to the row above's written as `undefined` (flat-rows). */
  values: unknown[];
  /** The definitions these rows use that no earlier batch of the job did, PROPERTY_DEF_WIDTH values each. */
  defs: unknown[];
}

/** Definitions remembered before numbering starts over (a model naming each property anew must not fill memory). */
export const MAX_REMEMBERED_DEFS = 65_536;

/**
 * Numbers a job's property definitions, from 1, in the order they first appear. One per job (its numbers are the
 * job's row writer's): rows flattened by it must all go to that writer, in order.
 *
 * Past `maxRemembered` definitions, the next batch starts numbering from 1 again and sends every definition it
 * uses: the writer replaces its definitions of those numbers before it stores the batch's rows, and rows already
 * stored hold their definition's values, not its number. Memory stays bounded on both threads whatever the model.
 */
export class PropertyDefNumbers {
  private readonly numbers = new Map<string, number>();

  constructor(private readonly maxRemembered = MAX_REMEMBERED_DEFS) {}

  flatten(rows: readonly PropertyRow[]): InternedProperties {
    if (this.numbers.size > this.maxRemembered) this.numbers.clear();
    const values: unknown[] = [];
    const defs: unknown[] = [];
    let globalId: unknown = undefined;
    let expressId: unknown = undefined;
    let def = 0;
    for (const row of rows) {
      const key = defKey(row);
      let number = this.numbers.get(key);
      if (number === undefined) {
        number = this.numbers.size + 1;
        this.numbers.set(key, number);
        defs.push(
          number,
          row.SetName ?? null,
          row.SetKind ?? null,
          row.PropertyName ?? null,
          row.Unit ?? null,
          row.ValueType ?? null,
        );
      }
      // An element's property rows follow each other: its GlobalId and ExpressId repeat (a one-byte clone each).
      const g = row.ElementGlobalId ?? null;
      const e = row.ElementExpressId ?? null;
      values.push(
        g === globalId ? undefined : (globalId = g),
        e === expressId ? undefined : (expressId = e),
        row.Value ?? null,
        row.NumericValue ?? null,
        number === def ? undefined : (def = number),
      );
    }
    return { values, defs };
  }
}

/**
 * A definition's key: each part's length, then the part (`-` for none), so that no two definitions share a key
 * whatever characters their names hold.
 */
function defKey(row: PropertyRow): string {
  let key = '';
  for (const value of [row.SetName, row.SetKind, row.PropertyName, row.Unit, row.ValueType]) {
    key += value === null || value === undefined ? '-' : `${value.length}:${value}`;
  }
  return key;
}
