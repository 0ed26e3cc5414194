import type { ExpandItem, QueryOptions, SelectItem } from './ast';
import { ODataSyntaxError } from './errors';
import { splitTopLevel } from './percent-decode';

/** Parses the `;`-separated options inside `(...)`; supplied by parse-query-options to avoid a cycle. */
export type NestedOptionsParser = (text: string, allowed: ReadonlySet<string>, pos: number) => QueryOptions;

const SEGMENT =
  /^(?:\*|[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)*(?:\.\*)?|@[\p{L}_][\p{L}\p{N}_.]*(?:#[\p{L}\p{N}_]+)?|\$value|\$ref|\$count)$/u;

const EXPAND_OPTIONS = new Set([
  'filter',
  'select',
  'orderby',
  'top',
  'skip',
  'count',
  'expand',
  'levels',
  'search',
  'compute',
  'apply',
  '@',
]);
const REF_OPTIONS = new Set(['filter', 'search', 'orderby', 'skip', 'top', 'count', '@']);
const COUNT_OPTIONS = new Set(['filter', 'search', '@']);
const SELECT_OPTIONS = new Set([
  'filter',
  'search',
  'count',
  'orderby',
  'skip',
  'top',
  'select',
  'compute',
  'expand',
  '@',
]);

function splitPathAndParens(item: string, pos: number): { path: string; inner?: string; innerPos: number } {
  const open = item.indexOf('(');
  if (open < 0) return { path: item, innerPos: pos };
  if (!item.endsWith(')'))
    throw new ODataSyntaxError("Expected ')' at the end of the item", pos + item.length);
  return { path: item.slice(0, open), inner: item.slice(open + 1, -1), innerPos: pos + open + 1 };
}

function pathSegments(path: string, pos: number): string[] {
  const segs = path.split('/');
  let offset = pos;
  for (const s of segs) {
    if (!SEGMENT.test(s)) throw new ODataSyntaxError(`Invalid path segment '${s}'`, offset);
    offset += s.length + 1;
  }
  return segs;
}

export function parseExpand(text: string, pos: number, nested: NestedOptionsParser): ExpandItem[] {
  return splitTopLevel(text, ',', pos).map(({ text: item, pos: itemPos }) => {
    const { path, inner, innerPos } = splitPathAndParens(item, itemPos);
    const segs = pathSegments(path, itemPos);
    const last = segs[segs.length - 1];
    const ref = last === '$ref';
    const count = last === '$count';
    if (ref || count) segs.pop();
    if (segs.length === 0 || segs.some((s) => s === '$ref' || s === '$count'))
      throw new ODataSyntaxError('Misplaced $ref/$count in $expand', itemPos);
    const allowed = ref ? REF_OPTIONS : count ? COUNT_OPTIONS : EXPAND_OPTIONS;
    const options = inner === undefined ? {} : nested(inner, allowed, innerPos);
    const out: ExpandItem = { path: segs, options };
    if (ref) out.ref = true;
    if (count) out.count = true;
    return out;
  });
}

export function parseSelect(text: string, pos: number, nested: NestedOptionsParser): SelectItem[] {
  return splitTopLevel(text, ',', pos).map(({ text: item, pos: itemPos }) => {
    const { path, inner, innerPos } = splitPathAndParens(item, itemPos);
    const segs = pathSegments(path, itemPos);
    if (segs.some((s) => s.startsWith('$')))
      throw new ODataSyntaxError('Unexpected $-segment in $select', itemPos);
    if (inner === undefined) return { path: segs };
    // `(a,b)` after a function name is its parameter signature; `(…=…)` are nested options.
    if (/^\s*$/.test(inner) || /^[\p{L}_][\p{L}\p{N}_.]*(?:,[\p{L}_][\p{L}\p{N}_.]*)*$/u.test(inner))
      return { path: [...segs.slice(0, -1), `${segs[segs.length - 1]}(${inner})`] };
    return { path: segs, options: nested(inner, SELECT_OPTIONS, innerPos) };
  });
}
