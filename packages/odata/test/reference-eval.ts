/**
 * Reference semantics of OData expressions over plain rows, written independently of the
 * compilers: Kleene logic for and/or/not, null-aware eq/ne, relational operators false on null,
 * functions null on null input. Documented store limits (ASCII-only case mapping, space-only trim)
 * are mirrored so the comparison tests the rest.
 */
import type { Expr, LiteralNode } from '../src/ast';
import type { ProjectRow, Row } from './fixture';

type V = string | number | boolean | null | Row[];

export interface RefData {
  projects: ProjectRow[];
  rows: Row[];
  now: Date;
}

function lit(l: LiteralNode): V {
  if (typeof l.value === 'bigint') return Number(l.value);
  if (Array.isArray(l.value)) throw new Error('enum');
  if (l.type === 'timeOfDay') {
    const [hm = '', frac = ''] = (l.value as string).split('.');
    const p = hm.split(':');
    return `${p[0]}:${p[1]}:${p[2] ?? '00'}.${(frac + '000').slice(0, 3)}`;
  }
  return l.value as V;
}

const cp = (s: string): string[] => Array.from(s);
const asciiLower = (s: string): string => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
const asciiUpper = (s: string): string => s.replace(/[a-z]/g, (c) => c.toUpperCase());

function eq(a: V, b: V): boolean {
  if (a === null || b === null) return a === b;
  return a === b;
}

function call(name: string, args: V[], data: RefData): V {
  if (['now', 'maxdatetime', 'mindatetime'].includes(name)) {
    return name === 'now'
      ? data.now.toISOString()
      : name === 'maxdatetime'
        ? '9999-12-31T23:59:59.999Z'
        : '0001-01-01T00:00:00.000Z';
  }
  if (args.some((a) => a === null)) return null;
  const [a, b, c] = args as [never, never, never];
  const s = a as string;
  switch (name) {
    case 'contains':
      return s.includes(b);
    case 'startswith':
      return s.startsWith(b);
    case 'endswith':
      return s.endsWith(b);
    case 'length':
      return cp(s).length;
    case 'indexof': {
      const i = s.indexOf(b);
      return i < 0 ? -1 : cp(s.slice(0, i)).length;
    }
    case 'substring': {
      const start = Math.max(a === null ? 0 : (b as number), 0);
      const chars = cp(s);
      return (
        args.length === 3 ? chars.slice(start, start + Math.max(c as number, 0)) : chars.slice(start)
      ).join('');
    }
    case 'tolower':
      return asciiLower(s);
    case 'toupper':
      return asciiUpper(s);
    case 'trim':
      return s.replace(/^ +| +$/g, '');
    case 'concat':
      return s + (b as string);
    case 'year':
      return Number(s.slice(0, 4));
    case 'month':
      return Number(s.slice(5, 7));
    case 'day':
      return Number(s.slice(8, 10));
    case 'hour':
      return Number(s.slice(11, 13));
    case 'minute':
      return Number(s.slice(14, 16));
    case 'second':
      return Number(s.slice(17, 19));
    case 'fractionalseconds':
      return Number(`0${s.slice(19, 23)}`);
    case 'date':
      return s.slice(0, 10);
    case 'time':
      return s.slice(11, 23);
    case 'totaloffsetminutes':
      return 0;
    case 'round':
      return Math.sign(a) * Math.round(Math.abs(a));
    case 'floor':
      return Math.floor(a);
    case 'ceiling':
      return Math.ceil(a);
    default:
      throw new Error(`reference: no function ${name}`);
  }
}

export interface Env {
  row: Row;
  vars: Record<string, Row>;
  intKinds: (e: Expr) => boolean;
}

function member(path: string[], env: Env, data: RefData): V {
  let segs = path;
  let row: Row | ProjectRow = env.row;
  const first = segs[0] as string;
  if (first === '$it') segs = segs.slice(1);
  else if (env.vars[first]) {
    row = env.vars[first] as Row;
    segs = segs.slice(1);
  }
  for (const s of segs) {
    if (s === 'Project') {
      const p = data.projects.find((x) => x.Id === (row as Row).ProjectId);
      if (!p) return null;
      row = p;
    } else if (s === 'Elements') return data.rows.filter((x) => x.ProjectId === row.Id);
    else return (row as unknown as Record<string, V>)[s] ?? null;
  }
  throw new Error('reference: path ends on an entity');
}

export function evaluate(e: Expr, env: Env, data: RefData): V {
  const ev = (x: Expr, en: Env = env): V => evaluate(x, en, data);
  switch (e.kind) {
    case 'literal':
      return lit(e);
    case 'member':
      return member(e.path, env, data);
    case 'logical': {
      const a = ev(e.left);
      const b = ev(e.right);
      if (e.op === 'and') return a === false || b === false ? false : a === null || b === null ? null : true;
      return a === true || b === true ? true : a === null || b === null ? null : false;
    }
    case 'not': {
      const a = ev(e.operand);
      return a === null ? null : !a;
    }
    case 'compare': {
      const a = ev(e.left);
      const b = ev(e.right);
      if (e.op === 'eq') return eq(a, b);
      if (e.op === 'ne') return !eq(a, b);
      if (a === null || b === null) return false;
      const x = a as number | string;
      const y = b as number | string;
      return e.op === 'lt' ? x < y : e.op === 'le' ? x <= y : e.op === 'gt' ? x > y : x >= y;
    }
    case 'in': {
      const a = ev(e.left);
      if (e.right.kind !== 'list') throw new Error('reference: in');
      return e.right.items.some((i) => eq(a, lit(i)));
    }
    case 'arith': {
      const a = ev(e.left) as number | null;
      const b = ev(e.right) as number | null;
      if (a === null || b === null) return null;
      const ints = env.intKinds(e.left) && env.intKinds(e.right);
      switch (e.op) {
        case 'add':
          return a + b;
        case 'sub':
          return a - b;
        case 'mul':
          return a * b;
        case 'div':
          return b === 0 ? null : ints ? Math.trunc(a / b) : a / b;
        case 'divby':
          return b === 0 ? null : a / b;
        case 'mod':
          return b === 0 ? null : a % b;
      }
      break;
    }
    case 'negate': {
      const a = ev(e.operand);
      return a === null ? null : -(a as number);
    }
    case 'call':
      return call(
        e.name,
        e.args.map((x) => ev(x)),
        data,
      );
    case 'lambda': {
      const coll = ev(e.collection) as Row[];
      if (!e.predicate || !e.variable) return coll.length > 0;
      const results = coll.map((r) =>
        ev(e.predicate as Expr, { ...env, vars: { ...env.vars, [e.variable as string]: r } }),
      );
      return e.op === 'any' ? results.some((x) => x === true) : results.every((x) => x === true);
    }
    default:
      break;
  }
  throw new Error(`reference: cannot evaluate ${e.kind}`);
}
