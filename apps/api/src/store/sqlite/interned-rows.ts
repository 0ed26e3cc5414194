import type { ExtractedElementRow, PropertyRow } from '@aec/ifc';

/**
 * Rows sent to the row writer with their repetitive columns interned: a definition (the columns a model repeats on
 * thousands of rows: a property's set, name, unit and type; an element's type, building, material, flags…)
 * gets a number the first time a job uses it, and the rows carry that number instead of the columns. The row writer
 * binds each definition once into a TEMP table and each row's own values plus the number; its INSERT joins the
 * definition back (sqlite-row-repository.ts). A string costs libsql 215–250 ns to bind, a null 71, a number 80.
 * Measured, the writer alone: 921,844 property-like rows 4.3–5.8 s → 2.9–3.3 s; 153,342 element-like rows staged
 * 1.36–1.41 s → 0.73–1.0 s.
 */
export interface InternedShape<Row> {
  /** The columns each row binds itself, in order; its definition's number follows them. */
  own: readonly (keyof Row & string)[];
  /** The columns of a definition, after its number. */
  defs: readonly (keyof Row & string)[];
}

/** A shape as the writer reads it: column names only. */
export interface ColumnShape {
  own: readonly string[];
  defs: readonly string[];
}

export const PROPERTY_SHAPE: InternedShape<PropertyRow> = {
  own: ['ElementGlobalId', 'ElementExpressId', 'Value', 'NumericValue'],
  defs: ['SetName', 'SetKind', 'PropertyName', 'Unit', 'ValueType'],
};

/**
 * Element columns elements of one type share; the rest are each element's own. Storey and space stay own: a model
 * has one space per few elements (the 100 MB bench model: 14,433 spaces, 1,805 storeys), and as part of a
 * definition they made one definition per three elements; bound per row they cost ~0.1 s on that model.
 */
export const ELEMENT_SHAPE: InternedShape<ExtractedElementRow> = {
  own: [
    'GlobalId',
    'ExpressId',
    'Name',
    'Description',
    'Tag',
    'Storey',
    'StoreyElevation',
    'Space',
    'Length',
    'Width',
    'Height',
    'Depth',
    'Perimeter',
    'GrossArea',
    'NetArea',
    'GrossSideArea',
    'NetSideArea',
    'GrossFootprintArea',
    'GrossVolume',
    'NetVolume',
    'GrossWeight',
    'NetWeight',
    'PropertyFingerprint',
  ],
  defs: [
    'IfcType',
    'PredefinedType',
    'ObjectType',
    'TypeName',
    'Building',
    'Site',
    'Material',
    'Reference',
    'Status',
    'IsExternal',
    'LoadBearing',
    'FireRating',
    'AcousticRating',
    'ThermalTransmittance',
    'Combustible',
    'SurfaceSpreadOfFlame',
    'Compartmentation',
    'HandicapAccessible',
    'FireExit',
  ],
};

/** Values per interned row: the shape's own columns, then the definition's number. */
export const internedWidth = (shape: ColumnShape): number => shape.own.length + 1;

/** Values per definition: its number, then the shape's definition columns. */
export const defWidth = (shape: ColumnShape): number => shape.defs.length + 1;

export interface InternedRows {
  /** internedWidth values per row, a value equal to the row above's written as `undefined` (see flat-rows). */
  values: unknown[];
  /** The definitions these rows use that no earlier batch of the job sent, defWidth values each. */
  defs: unknown[];
}

/** Definitions remembered before numbering starts over (a model naming each property anew must not fill memory). */
export const MAX_REMEMBERED_DEFS = 65_536;

/** A job's definitions as a tree, one level per definition column (the last maps to the number), and their count. */
interface DefTree {
  root: Map<unknown, unknown>;
  count: number;
}

type Flatten = (
  rows: readonly object[],
  tree: DefTree,
  values: unknown[],
  defs: unknown[],
  negativeZero: symbol,
) => void;
const compiled = new WeakMap<object, Flatten>();

/**
 * The loop of DefNumbers.flatten for one shape, compiled once into plain property reads (as flattenRows is): reads by
 * a variable key and a call per value made numbering the extraction worker's slowest step. A definition is found by
 * one Map lookup per column, each value its own key — no key string to build and hash (a string key of the parts,
 * each with its length, took 0.84 s for the 100 MB bench model's 921,844 property rows). Map keys keep 'null' apart
 * from none and '1' from 1; -0 gets a key of its own, as SameValueZero would make it 0. Names are quoted with
 * JSON.stringify, so none can inject code.
 */
function flattenFor(shape: ColumnShape): Flatten {
  let flatten = compiled.get(shape);
  if (flatten) return flatten;
  const read = (column: string) => `row[${JSON.stringify(column)}]`;
  // Booleans go as 1 and 0: libsql refuses a boolean parameter.
  const bindable = (v: string) => `(${v} === true ? 1 : ${v} === false ? 0 : ${v} ?? null)`;
  const keyOf = (v: string) => `(${v} === 0 && 1 / ${v} < 0 ? negativeZero : ${v} ?? null)`;
  const d = shape.defs.map((_, i) => `d${i}`);
  const o = shape.own.map((_, i) => `o${i}`);
  const p = shape.own.map((_, i) => `p${i}`);
  const last = d.length - 1;
  const descend = d
    .slice(0, last)
    .map(
      (name) => `next = node.get(${keyOf(name)});
      if (next === undefined) node.set(${keyOf(name)}, (next = new Map()));
      node = next;`,
    )
    .join('\n');
  const body = `
    let ${[...p.map((name) => `${name} = undefined`), 'previous = 0'].join(', ')};
    for (const row of rows) {
      const ${shape.defs.map((column, i) => `${d[i]} = ${read(column)}`).join(', ')};
      let node = tree.root, next;
      ${descend}
      let number = node.get(${keyOf(d[last]!)});
      if (number === undefined) {
        number = ++tree.count;
        node.set(${keyOf(d[last]!)}, number);
        defs.push(number, ${d.map(bindable).join(', ')});
      }
      const ${shape.own.map((column, i) => `${o[i]} = ${bindable(read(column))}`).join(', ')};
      values.push(${o.map((name, i) => `${name} === ${p[i]} ? undefined : (${p[i]} = ${name})`).join(', ')},
        number === previous ? undefined : (previous = number));
    }`;
  flatten = new Function('rows', 'tree', 'values', 'defs', 'negativeZero', body) as Flatten;
  compiled.set(shape, flatten);
  return flatten;
}

const NEGATIVE_ZERO = Symbol('-0');

/**
 * Numbers a job's definitions of one shape, from 1, in the order they first appear. One per job and shape (its
 * numbers are the job's row writer's): rows flattened by it must all go to that writer, in order. Values equal to
 * the row above's (an element's GlobalId on each of its property rows) go as `undefined`, a one-byte clone.
 *
 * Past `maxRemembered` definitions, the next batch starts numbering from 1 again and sends every definition it
 * uses: the writer replaces its definitions of those numbers before it stores the batch's rows, and rows already
 * stored hold their definition's values, not its number. Memory stays bounded on both threads whatever the model.
 */
export class DefNumbers<Row extends object> {
  private readonly tree: DefTree = { root: new Map(), count: 0 };

  constructor(
    private readonly shape: InternedShape<Row>,
    private readonly maxRemembered = MAX_REMEMBERED_DEFS,
  ) {}

  flatten(rows: readonly Row[]): InternedRows {
    if (this.tree.count > this.maxRemembered) {
      this.tree.root = new Map();
      this.tree.count = 0;
    }
    const values: unknown[] = [];
    const defs: unknown[] = [];
    flattenFor(this.shape)(rows, this.tree, values, defs, NEGATIVE_ZERO);
    return { values, defs };
  }
}
