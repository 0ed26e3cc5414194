/** A plain reading of a generated STEP file's DATA section, for checking what the generator wrote. */

export interface StepRecord {
  id: number;
  /** As written: upper case. */
  type: string;
  /** Top-level attribute texts, nested lists and typed values left as written. */
  args: string[];
  /** Length of the record's line, newline included. */
  bytes: number;
}

/** One record per `#id=TYPE(...);` line (the generator writes one record per line). */
export function readStepRecords(text: string): Map<number, StepRecord> {
  const records = new Map<number, StepRecord>();
  for (const line of text.split('\n')) {
    const match = /^#(\d+)=([A-Z0-9_]+)\((.*)\);$/.exec(line);
    if (!match) continue;
    const id = Number(match[1]);
    records.set(id, {
      id,
      type: match[2] ?? '',
      args: splitTopLevel(match[3] ?? ''),
      bytes: line.length + 1,
    });
  }
  return records;
}

/** Splits `a,(b,c),'d,e'` at its top-level commas, minding strings (quotes doubled inside) and parentheses. */
export function splitTopLevel(text: string): string[] {
  if (text === '') return [];
  const out: string[] = [];
  let depth = 0;
  let inString = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === "'") {
        if (text[i + 1] === "'") i++;
        else inString = false;
      }
    } else if (ch === "'") inString = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

/** Every `#n` a record's attributes mention (outside strings). */
export function referencesOf(record: StepRecord): number[] {
  const ids: number[] = [];
  for (const arg of record.args) {
    const outsideStrings = arg.replace(/'(?:[^']|'')*'/g, "''");
    for (const m of outsideStrings.matchAll(/#(\d+)/g)) ids.push(Number(m[1]));
  }
  return ids;
}

/** The ids reachable from `roots` through references, roots included. */
export function reachableFrom(records: Map<number, StepRecord>, roots: number[]): Set<number> {
  const seen = new Set<number>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop() as number;
    if (seen.has(id)) continue;
    seen.add(id);
    const record = records.get(id);
    if (record) stack.push(...referencesOf(record));
  }
  return seen;
}
