/** Builds one stored or served row document from a row and its key fields. */
export type RowDocBuilder<Row> = (row: Row, key: Record<string, unknown>) => Record<string, unknown>;

/**
 * Compiles `(row, key) => ({ <key fields>, <column>: row[<column>] ?? null, … })` for a fixed column list. Rows
 * get every column (absent ones as explicit nulls, as the SQL tables have) and nothing else. Compiled because one
 * object literal of a fixed shape builds about ten times faster than assigning forty-odd properties in a loop,
 * which matters at hundreds of thousands of rows per model. Names are JSON-quoted, so none can inject code; they
 * come from row-columns.ts and the adapter anyway.
 */
export function compileRowDoc<Row extends object>(
  keyFields: readonly string[],
  columns: readonly (keyof Row & string)[],
  /** Text columns whose case-mapped copies go in the two named sub-documents (case-shadows.ts). */
  caseMapped?: {
    lower: string;
    upper: string;
    columns: readonly (keyof Row & string)[];
    /** Key fields with copies too (ModelName, which the row takes from its version). */
    keyColumns?: readonly string[];
  },
): RowDocBuilder<Row> {
  const q = (name: string) => JSON.stringify(name);
  const mapped = (to: string) =>
    `{ ${[
      ...caseMapped!.columns.map((name) => `${q(name)}: row[${q(name)}]?.${to}() ?? null`),
      ...(caseMapped!.keyColumns ?? []).map((name) => `${q(name)}: key[${q(name)}]?.${to}() ?? null`),
    ].join(', ')} }`;
  const fields = [
    ...keyFields.map((name) => `${q(name)}: key[${q(name)}]`),
    ...columns.map((name) => `${q(name)}: row[${q(name)}] ?? null`),
    ...(caseMapped
      ? [
          `${q(caseMapped.lower)}: ${mapped('toLowerCase')}`,
          `${q(caseMapped.upper)}: ${mapped('toUpperCase')}`,
        ]
      : []),
  ];
  return new Function('row', 'key', `return { ${fields.join(', ')} };`) as RowDocBuilder<Row>;
}
