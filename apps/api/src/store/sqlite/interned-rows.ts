import type { ExtractedElementRow, PropertyRow } from '@aec/ifc';

/**
 * Rows sent to the row writer with their repetitive columns interned: a definition (the columns a model repeats on
 * thousands of rows: a property's set, name, unit and type; an element's type, storey, building, material, flags…)
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

/** Element columns an element of a type, on a storey, shares with its neighbours; the rest are the element's own. */
export const ELEMENT_SHAPE: InternedShape<ExtractedElementRow> = {
  own: [
    'GlobalId',
    'ExpressId',
    'Name',
    'Description',
    'Tag',
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
    'Storey',
    'StoreyElevation',
    'Building',
    'Site',
    'Space',
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

type Flatten = (
  rows: readonly object[],
  numbers: Map<string, number>,
  values: unknown[],
  defs: unknown[],
  bad: (value: unknown) => never,
) => void;
const compiled = new WeakMap<object, Flatten>();

/**
 * The loop of DefNumbers.flatten for one shape, compiled once into plain property reads and inline key parts (as
 * flattenRows is): reads by a variable key and a call per value made numbering the extraction worker's slowest step.
 * Names are quoted with JSON.stringify, so none can inject code.
 */
function flattenFor(shape: ColumnShape): Flatten {
  let flatten = compiled.get(shape);
  if (flatten) return flatten;
  const read = (column: string) => `row[${JSON.stringify(column)}]`;
  // A definition's key: each value tagged with its type, a string with its length, so that no two definitions share
  // a key whatever characters their names hold (and the text 'null' is not none, nor '1' the number 1).
  const keyPart = (v: string) =>
    `(${v} === null || ${v} === undefined ? '-' : typeof ${v} === 'string' ? 's' + ${v}.length + ':' + ${v} : ` +
    `typeof ${v} === 'number' ? 'n' + (Object.is(${v}, -0) ? '-0' : ${v}) + ';' : ` +
    `${v} === true ? 'T' : ${v} === false ? 'F' : bad(${v}))`;
  // Booleans go as 1 and 0: libsql refuses a boolean parameter.
  const bindable = (v: string) => `(${v} === true ? 1 : ${v} === false ? 0 : ${v} ?? null)`;
  const d = shape.defs.map((_, i) => `d${i}`);
  const o = shape.own.map((_, i) => `o${i}`);
  const p = shape.own.map((_, i) => `p${i}`);
  const body = `
    let ${[...p.map((name) => `${name} = undefined`), 'previous = 0'].join(', ')};
    for (const row of rows) {
      const ${shape.defs.map((column, i) => `${d[i]} = ${read(column)}`).join(', ')};
      const key = ${d.map(keyPart).join(' + ')};
      let number = numbers.get(key);
      if (number === undefined) {
        number = numbers.size + 1;
        numbers.set(key, number);
        defs.push(number, ${d.map(bindable).join(', ')});
      }
      const ${shape.own.map((column, i) => `${o[i]} = ${bindable(read(column))}`).join(', ')};
      values.push(${o.map((name, i) => `${name} === ${p[i]} ? undefined : (${p[i]} = ${name})`).join(', ')},
        number === previous ? undefined : (previous = number));
    }`;
  flatten = new Function('rows', 'numbers', 'values', 'defs', 'bad', body) as Flatten;
  compiled.set(shape, flatten);
  return flatten;
}

const refuse = (value: unknown): never => {
  throw new Error(`A row value of type ${typeof value} cannot be part of a definition`);
};

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
  private readonly numbers = new Map<string, number>();

  constructor(
    private readonly shape: InternedShape<Row>,
    private readonly maxRemembered = MAX_REMEMBERED_DEFS,
  ) {}

  flatten(rows: readonly Row[]): InternedRows {
    if (this.numbers.size > this.maxRemembered) this.numbers.clear();
    const values: unknown[] = [];
    const defs: unknown[] = [];
    flattenFor(this.shape)(rows, this.numbers, values, defs, refuse);
    return { values, defs };
  }
}
