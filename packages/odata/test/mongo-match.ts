/**
 * A small evaluator of the MongoDB query and aggregation operators the compiler emits, following
 * the server's documented semantics (type bracketing in queries, BSON order in $expr, missing vs
 * null). It throws on any operator it does not know, so the compiler cannot emit one unnoticed.
 */
type Doc = Record<string, unknown>;

function typeRank(v: unknown): number {
  if (v === null || v === undefined) return 1;
  if (typeof v === 'number') return 2;
  if (typeof v === 'string') return 3;
  if (typeof v === 'boolean') return 8;
  if (v instanceof Date) return 9;
  return 4;
}

function cmp(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 1) return 0;
  const x = a instanceof Date ? a.getTime() : (a as number | string | boolean);
  const y = b instanceof Date ? b.getTime() : (b as number | string | boolean);
  if (typeof x === 'string' && typeof y === 'string') {
    const bx = Buffer.from(x);
    const by = Buffer.from(y);
    return Buffer.compare(bx, by);
  }
  return x < y ? -1 : x > y ? 1 : 0;
}

const sameBracket = (a: unknown, b: unknown): boolean =>
  typeRank(a) === typeRank(b) && a !== null && a !== undefined;

function fieldOp(value: unknown, op: string, arg: unknown): boolean {
  switch (op) {
    case '$eq':
      return arg === null
        ? value === null || value === undefined
        : sameBracket(value, arg) && cmp(value, arg) === 0;
    case '$ne':
      return !fieldOp(value, '$eq', arg);
    case '$gt':
      return sameBracket(value, arg) && cmp(value, arg) > 0;
    case '$gte':
      return sameBracket(value, arg) && cmp(value, arg) >= 0;
    case '$lt':
      return sameBracket(value, arg) && cmp(value, arg) < 0;
    case '$lte':
      return sameBracket(value, arg) && cmp(value, arg) <= 0;
    case '$in':
      return (arg as unknown[]).some((x) => fieldOp(value, '$eq', x));
    case '$regex':
      return typeof value === 'string' && new RegExp(arg as string).test(value);
    case '$type':
      if (arg !== 'string') throw new Error(`matcher: $type ${String(arg)}`);
      return typeof value === 'string';
    case '$not':
      return !fieldMatches(value, arg as Doc);
    default:
      throw new Error(`matcher: unknown field operator ${op}`);
  }
}

function fieldMatches(value: unknown, cond: unknown): boolean {
  if (cond instanceof RegExp) return typeof value === 'string' && cond.test(value);
  if (cond !== null && typeof cond === 'object' && '$regex' in cond) {
    // `$options` belongs to `$regex` (the `i` flag folds case, as MongoDB's does).
    const { $regex, $options, ...rest } = cond as Doc;
    const re = new RegExp($regex as string, typeof $options === 'string' ? $options : '');
    return typeof value === 'string' && re.test(value) && fieldMatches(value, rest);
  }
  if (
    cond !== null &&
    typeof cond === 'object' &&
    !(cond instanceof Date) &&
    Object.keys(cond).every((k) => k.startsWith('$'))
  ) {
    return Object.entries(cond as Doc).every(([op, arg]) => fieldOp(value, op, arg));
  }
  return fieldOp(value, '$eq', cond);
}

export function matches(doc: Doc, query: Doc): boolean {
  return Object.entries(query).every(([k, v]) => {
    switch (k) {
      case '$and':
        return (v as Doc[]).every((q) => matches(doc, q));
      case '$or':
        return (v as Doc[]).some((q) => matches(doc, q));
      case '$nor':
        return !(v as Doc[]).some((q) => matches(doc, q));
      case '$expr':
        return truthy(agg(doc, v));
      default:
        if (k.startsWith('$')) throw new Error(`matcher: unknown operator ${k}`);
        return fieldMatches(doc[k], v);
    }
  });
}

const truthy = (v: unknown): boolean => v !== null && v !== undefined && v !== false && v !== 0;
const cps = (s: string): string[] => Array.from(s);

function agg(doc: Doc, e: unknown): unknown {
  if (typeof e === 'string') return e.startsWith('$') ? doc[e.slice(1)] : e;
  if (e === null || typeof e !== 'object' || e instanceof Date) return e;
  if (Array.isArray(e)) return e.map((x) => agg(doc, x));
  const [op, raw] = Object.entries(e as Doc)[0] as [string, unknown];
  if (op === '$literal') return raw;
  if (op === '$dateToString') {
    const { format, date } = raw as { format: string; date: unknown };
    const d = agg(doc, date);
    if (d === null || d === undefined) return null;
    const iso = (d as Date).toISOString();
    if (format === '%Y-%m-%d') return iso.slice(0, 10);
    if (format === '%H:%M:%S.%L') return iso.slice(11, 23);
    throw new Error(`matcher: format ${format}`);
  }
  if (op === '$trim') {
    const { input, chars } = raw as { input: unknown; chars: string };
    const s = agg(doc, input);
    if (s === null || s === undefined) return null;
    let out = s as string;
    while (out.length && chars.includes(out[0] as string)) out = out.slice(1);
    while (out.length && chars.includes(out[out.length - 1] as string)) out = out.slice(0, -1);
    return out;
  }
  if (op === '$cond') {
    const [c, a, b] = raw as [unknown, unknown, unknown];
    return truthy(agg(doc, c)) ? agg(doc, a) : agg(doc, b);
  }
  const args = (Array.isArray(raw) ? raw : [raw]).map((x) => agg(doc, x));
  const [a, b, c] = args as [never, never, never];
  const nullish = (x: unknown): boolean => x === null || x === undefined;
  const num = (f: (...n: number[]) => number): unknown =>
    args.some(nullish) ? null : f(...(args as number[]));
  const date = (f: (d: Date) => number): unknown => (nullish(a) ? null : f(a as Date));
  switch (op) {
    case '$ifNull':
      return nullish(a) ? b : a;
    case '$eq':
      return cmp(a, b) === 0;
    case '$ne':
      return cmp(a, b) !== 0;
    case '$gt':
      return cmp(a, b) > 0;
    case '$gte':
      return cmp(a, b) >= 0;
    case '$lt':
      return cmp(a, b) < 0;
    case '$lte':
      return cmp(a, b) <= 0;
    case '$and':
      return args.every(truthy);
    case '$or':
      return args.some(truthy);
    case '$in':
      return (b as unknown[]).some((x) => cmp(a, x) === 0);
    case '$add':
      return num((x, y) => x + y);
    case '$subtract':
      return num((x, y) => x - y);
    case '$multiply':
      return num((x, y) => x * y);
    case '$divide':
      if (b === 0) throw new Error('matcher: division by zero (the server would fail the query)');
      return num((x, y) => x / y);
    case '$mod':
      if (b === 0) throw new Error('matcher: $mod by zero');
      return num((x, y) => x % y);
    case '$trunc':
      return num(Math.trunc);
    case '$floor':
      return num(Math.floor);
    case '$ceil':
      return num(Math.ceil);
    case '$abs':
      return num(Math.abs);
    case '$max':
      return args.reduce((m: unknown, x) => (cmp(x, m) > 0 ? x : m), null);
    case '$strLenCP':
      if (typeof a !== 'string') throw new Error('matcher: $strLenCP needs a string');
      return cps(a).length;
    case '$indexOfCP': {
      if (nullish(a)) return null;
      if (typeof b !== 'string') throw new Error('matcher: $indexOfCP needs a string');
      const i = (a as string).indexOf(b);
      return i < 0 ? -1 : cps((a as string).slice(0, i)).length;
    }
    case '$substrCP':
      if (typeof a !== 'string' || (b as number) < 0 || (c as number) < 0)
        throw new Error('matcher: bad $substrCP');
      return cps(a)
        .slice(b, (b as number) + (c as number))
        .join('');
    case '$toLower':
      return nullish(a) ? '' : (a as string).replace(/[A-Z]/g, (x) => x.toLowerCase());
    case '$toUpper':
      return nullish(a) ? '' : (a as string).replace(/[a-z]/g, (x) => x.toUpperCase());
    case '$concat':
      return args.some(nullish) ? null : args.join('');
    case '$toInt':
      return nullish(a) ? null : parseInt(a as string, 10);
    case '$year':
      return date((d) => d.getUTCFullYear());
    case '$month':
      return date((d) => d.getUTCMonth() + 1);
    case '$dayOfMonth':
      return date((d) => d.getUTCDate());
    case '$hour':
      return date((d) => d.getUTCHours());
    case '$minute':
      return date((d) => d.getUTCMinutes());
    case '$second':
      return date((d) => d.getUTCSeconds());
    case '$millisecond':
      return date((d) => d.getUTCMilliseconds());
    default:
      throw new Error(`matcher: unknown aggregation operator ${op}`);
  }
}

/** Sorts like a Mongo find().sort(): BSON order, null/missing lowest. */
export function sortDocs(docs: Doc[], sort: { field: string; direction: 1 | -1 }[]): Doc[] {
  return [...docs].sort((x, y) => {
    for (const s of sort) {
      const c = cmp(x[s.field] ?? null, y[s.field] ?? null);
      if (c !== 0) return c * s.direction;
    }
    return 0;
  });
}
