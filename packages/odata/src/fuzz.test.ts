/**
 * Random and mutated query strings. Property: the parser, validator and both compilers either
 * succeed or throw one of the package's error classes; and SQL compiled from anything that
 * validated is accepted by SQLite (a store error would be a 500).
 */
import { makeRows, model } from '../test/fixture';
import { openFixtureDb } from '../test/fixture-db';
import { FILTERS, PROJECT_FILTERS } from '../test/filters';
import type { Expr } from './ast';
import { compileMongoQuery } from './mongo-query';
import { compileCountSql, compileSqlQuery } from './compile-sql';
import { ODataError } from './errors';
import { parseQueryOptions } from './parse-query-options';
import { validateQuery } from './validate';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}
const r = rng(20261123);
const int = (n: number): number => Math.floor(r() * n);
const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)] as T;

const PROPS = [
  'Id',
  'Name',
  'Area',
  'Count',
  'Price',
  'Big',
  'IsExternal',
  'Created',
  'Day',
  'Uid',
  'ProjectId',
  'Project/Title',
  'Nope',
];
const LITERALS = [
  "'x'",
  "'O''Brien'",
  "'%_'",
  '0',
  '-3',
  '2.5',
  '1.5E+3',
  'INF',
  'NaN',
  'null',
  'true',
  'false',
  '2024-01-01',
  '2024-01-01T00:00:00Z',
  '12:00',
  "duration'P1D'",
  '01234567-89ab-cdef-0123-456789abcdef',
  "binary'Zg'",
  '99999999999999999999',
];
const FUNCS1 = [
  'length',
  'tolower',
  'toupper',
  'trim',
  'year',
  'month',
  'day',
  'hour',
  'minute',
  'second',
  'fractionalseconds',
  'date',
  'time',
  'round',
  'floor',
  'ceiling',
  'totaloffsetminutes',
];
const FUNCS2 = ['contains', 'startswith', 'endswith', 'indexof', 'concat', 'substring'];
const BINARY = [
  'eq',
  'ne',
  'lt',
  'le',
  'gt',
  'ge',
  'and',
  'or',
  'add',
  'sub',
  'mul',
  'div',
  'divby',
  'mod',
  'has',
];

function genExpr(depth: number): string {
  const d = depth - 1;
  switch (depth <= 0 ? int(2) : int(9)) {
    case 0:
      return pick(PROPS);
    case 1:
      return pick(LITERALS);
    case 2:
      return `${genExpr(d)} ${pick(BINARY)} ${genExpr(d)}`;
    case 3:
      return `not ${genExpr(d)}`;
    case 4:
      return `(${genExpr(d)})`;
    case 5:
      return `${pick(FUNCS1)}(${genExpr(d)})`;
    case 6:
      return `${pick(FUNCS2)}(${genExpr(d)},${genExpr(d)})`;
    case 7:
      return `${genExpr(d)} in (${[genExpr(0), pick(LITERALS)].join(',')})`;
    default:
      return `-${genExpr(d)}`;
  }
}

const NOISE = [
  "'",
  '"',
  '(',
  ')',
  ',',
  '/',
  ' ',
  '%',
  '%2',
  '%27',
  '%28',
  '&',
  '=',
  ';',
  '$',
  '@',
  '#',
  '-',
  '.',
  ':',
  '[',
  ']',
  '{',
  '}',
  '\u0000',
  'ü',
  '日',
  '\ud800',
  'eq',
  'not',
  'any(',
  '$it',
];

function mutate(s: string): string {
  let out = s;
  for (let i = 0, n = 1 + int(3); i < n; i++) {
    const at = int(out.length + 1);
    switch (int(4)) {
      case 0:
        out = out.slice(0, at) + out.slice(at + 1 + int(3));
        break;
      case 1:
        out = out.slice(0, at) + pick(NOISE) + out.slice(at);
        break;
      case 2:
        out = out.slice(0, at) + out.slice(int(out.length), int(out.length) + 5) + out.slice(at);
        break;
      default:
        out = out.slice(0, at);
    }
  }
  return out;
}

const OPTIONS = [
  '$filter',
  '$orderby',
  '$select',
  '$expand',
  '$top',
  '$skip',
  '$count',
  '$search',
  '$skiptoken',
  '$format',
  '@p',
  'custom',
];

function genQuery(): string {
  const parts: string[] = [];
  for (let i = 0, n = 1 + int(3); i < n; i++) {
    const name = pick(OPTIONS);
    let value: string;
    if (name === '$filter' || name === '@p') value = genExpr(3);
    else if (name === '$orderby') value = `${genExpr(1)} ${pick(['asc', 'desc', ''])}`.trim();
    else if (name === '$select') value = [pick(PROPS), pick(PROPS)].join(',');
    else if (name === '$expand')
      value = `${pick(['Project', 'Nope', 'Project($select=Title)', 'Project($filter=Title eq null;$top=1)'])}`;
    else value = pick(['1', '-1', 'true', 'x', '', '10']);
    const encoded = r() < 0.5 ? encodeURIComponent(value) : value.replace(/ /g, '%20');
    parts.push(`${name}=${encoded}`);
  }
  const q = parts.join('&');
  return r() < 0.4 ? mutate(q) : q;
}

const { rows, projects } = makeRows(30);
const db = openFixtureDb(rows, projects);

function exercise(query: string, set: 'Elements' | 'Projects', stats: Record<string, number>): void {
  try {
    const q = validateQuery(parseQueryOptions(query), model, set);
    const plan = compileSqlQuery(q, { model, entityType: set, limit: 5 });
    db.prepare(plan.sql).all(plan.params);
    const count = compileCountSql(q, { model, entityType: set });
    db.prepare(count.sql).get(count.params);
    stats.ok = (stats.ok ?? 0) + 1;
    try {
      compileMongoQuery(q, { model, entityType: set });
    } catch (e) {
      if (!(e instanceof ODataError)) throw e;
    }
  } catch (e) {
    if (!(e instanceof ODataError)) throw new Error(`${set}?${query} threw ${String(e)}`);
    stats[e.status] = (stats[e.status] ?? 0) + 1;
  }
}

describe('fuzz', () => {
  it('generated queries only ever raise package errors, and valid ones run on SQLite', () => {
    const stats: Record<string, number> = {};
    for (let i = 0; i < 2500; i++) exercise(genQuery(), 'Elements', stats);
    console.log('fuzz (generated) outcomes by status:', stats);
    // The generator must reach the compilers often enough to mean something.
    expect(stats.ok ?? 0).toBeGreaterThan(200);
    expect(stats['400'] ?? 0).toBeGreaterThan(200);
  });

  it('mutated real filters only ever raise package errors', () => {
    const stats: Record<string, number> = {};
    for (const f of [...FILTERS, ...PROJECT_FILTERS]) {
      const set = PROJECT_FILTERS.includes(f) ? 'Projects' : 'Elements';
      for (let i = 0; i < 8; i++) exercise(`$filter=${mutate(encodeURIComponent(f))}`, set, stats);
      for (let i = 0; i < 4; i++) exercise(`$filter=${mutate(f)}`, set, stats);
    }
    console.log('fuzz (mutated) outcomes by status:', stats);
    expect(stats.ok ?? 0).toBeGreaterThan(50);
  });

  it('random bytes only ever raise package errors', () => {
    const stats: Record<string, number> = {};
    for (let i = 0; i < 1500; i++) {
      const s = Array.from({ length: int(40) }, () =>
        String.fromCharCode(int(r() < 0.8 ? 128 : 0xffff)),
      ).join('');
      exercise(s, 'Elements', stats);
      exercise(`$filter=${s}`, 'Elements', stats);
    }
    expect(Object.keys(stats).length).toBeGreaterThan(0);
  });
});

describe('hostile sizes', () => {
  it('answers 400 for deep nesting instead of overflowing the stack', () => {
    for (const q of [
      '('.repeat(5000) + 'true' + ')'.repeat(5000),
      'not '.repeat(5000) + 'true',
      '-'.repeat(5000) + '1 eq 1',
      `${'1 add '.repeat(3000)}1 eq 1`,
    ]) {
      expect(() => parseQueryOptions(`$filter=${encodeURIComponent(q)}`)).toThrow(ODataError);
    }
  });

  it('handles the long or-chains BI tools send, with a shallow tree', () => {
    const f = Array.from({ length: 3000 }, (_, i) => `Id eq ${i}`).join(' or ');
    const q = validateQuery(parseQueryOptions(`$filter=${encodeURIComponent(f)}`), model, 'Elements');
    const depth = (e: Expr | undefined): number =>
      e?.kind === 'logical' ? 1 + Math.max(depth(e.left), depth(e.right)) : 1;
    expect(depth(q.filter)).toBeLessThan(20);
    const plan = compileSqlQuery(q, { model, entityType: 'Elements' });
    expect((db.prepare(plan.sql).all(plan.params) as unknown[]).length).toBe(rows.length);
  });
});
