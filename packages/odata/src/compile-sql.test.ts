import { type Row, makeRows, model } from '../test/fixture';
import { openFixtureDb } from '../test/fixture-db';
import { FILTERS, PROJECT_FILTERS } from '../test/filters';
import { type RefData, evaluate } from '../test/reference-eval';
import type { QueryOptions } from './ast';
import { checkExpr } from './check-expression';
import { compileCountSql, compileSqlQuery, sortValuesOf } from './compile-sql';
import { findEntityType } from './model';
import { parseQueryOptions } from './parse-query-options';
import type { SqlValue } from './sql-types';
import { validateQuery } from './validate';

const NOW = new Date('2023-05-01T00:00:00.000Z');
const { rows, projects } = makeRows(200);
const data: RefData = { rows, projects, now: NOW };

function openDb(caseSensitiveLike: boolean): ReturnType<typeof openFixtureDb> {
  const db = openFixtureDb(rows, projects);
  if (caseSensitiveLike) db.exec('PRAGMA case_sensitive_like = ON');
  return db;
}

function prepare(set: 'Elements' | 'Projects', query: string): QueryOptions {
  return validateQuery(parseQueryOptions(query), model, set);
}

const elementType = findEntityType(model, 'Element');
const projectType = findEntityType(model, 'Project');

function referenceIds(set: 'Elements' | 'Projects', q: QueryOptions): number[] {
  const type = set === 'Elements' ? elementType : projectType;
  if (!type || !q.filter) throw new Error('setup');
  const scope = { model, type, variables: {} as Record<string, never> };
  const intKinds = (e: Parameters<typeof checkExpr>[0]): boolean => {
    try {
      return checkExpr(e, scope) === 'int';
    } catch {
      // Lambda variables are out of this scope; the fixture's lambda arithmetic is all on ints.
      return true;
    }
  };
  const source = (set === 'Elements' ? rows : projects) as Row[];
  return source
    .filter(
      (row) =>
        evaluate(q.filter as NonNullable<QueryOptions['filter']>, { row, vars: {}, intKinds }, data) === true,
    )
    .map((r) => r.Id);
}

describe.each([
  ['instr', false],
  ['like', true],
] as const)('SQL compiler semantics (%s)', (stringMatch, csLike) => {
  const db = openDb(csLike);
  const run = (set: 'Elements' | 'Projects', f: string): { got: number[]; want: number[]; count: number } => {
    const q = prepare(set, `$filter=${encodeURIComponent(f)}&$select=Id`);
    const opts = { model, entityType: set, stringMatch, now: () => NOW };
    const plan = compileSqlQuery(q, opts);
    const got = (db.prepare(plan.sql).all(plan.params) as { Id: number }[]).map((r) => r.Id);
    const c = compileCountSql(q, opts);
    const count = (db.prepare(c.sql).get(c.params) as { count: number }).count;
    return { got, want: referenceIds(set, q), count };
  };

  it.each(FILTERS)('Elements?$filter=%s', (f) => {
    const { got, want, count } = run('Elements', f);
    expect(got).toEqual(want);
    expect(count).toBe(want.length);
  });

  it.each(PROJECT_FILTERS)('Projects?$filter=%s', (f) => {
    const { got, want } = run('Projects', f);
    expect(got).toEqual(want);
  });

  it('the filters are discriminating (neither all nor no rows for most)', () => {
    const sizes = FILTERS.map((f) => run('Elements', f).want.length);
    const trivial = sizes.filter((n) => n === 0 || n === rows.length).length;
    expect(trivial).toBeLessThan(FILTERS.length * 0.15);
  });
});

describe('SQL paging', () => {
  const db = openDb(false);
  it.each([
    '',
    'Name',
    'Name desc',
    'Area desc,Name',
    'IsExternal,Created desc',
    'length(Name) desc',
    'Count,Area',
  ])('keyset pages equal one full query ordered by "%s"', (orderby) => {
    const base = `$select=Id,Name${orderby ? `&$orderby=${encodeURIComponent(orderby)}` : ''}`;
    const q = prepare('Elements', base);
    const opts = { model, entityType: 'Elements' };
    const full = compileSqlQuery(q, opts);
    const all = (db.prepare(full.sql).all(full.params) as Record<string, unknown>[]).map((r) => r.Id);
    const paged: unknown[] = [];
    let after: SqlValue[] | undefined;
    for (let guard = 0; guard < 100; guard++) {
      const page = compileSqlQuery(q, { ...opts, limit: 17, ...(after ? { after } : {}) });
      const got = db.prepare(page.sql).all(page.params) as Record<string, unknown>[];
      paged.push(...got.map((r) => r.Id));
      const last = got[got.length - 1];
      if (got.length < 17 || !last) break;
      after = sortValuesOf(last, page.sortKeys);
    }
    expect(paged).toEqual(all);
    expect(new Set(all).size).toBe(rows.length);
  });

  it('applies $top/$skip and the access scope', () => {
    const q = prepare('Elements', '$orderby=Id desc&$top=3&$skip=2&$select=Name');
    const plan = compileSqlQuery(q, {
      model,
      entityType: 'Elements',
      scope: { sql: '"t0"."ProjectId" = ?', params: [2] },
    });
    const got = db.prepare(plan.sql).all(plan.params) as Record<string, unknown>[];
    const want = rows
      .filter((r) => r.ProjectId === 2)
      .sort((a, b) => b.Id - a.Id)
      .slice(2, 5)
      .map((r) => r.Id);
    expect(got.map((r) => r.Id)).toEqual(want);
    expect(plan.columns).toEqual(['Id', 'Name']);
  });

  it('keeps plain comparisons index-friendly and makes them two-valued only where it matters', () => {
    const sql = (f: string): string =>
      compileSqlQuery(prepare('Elements', `$filter=${encodeURIComponent(f)}`), {
        model,
        entityType: 'Elements',
      }).sql;
    expect(sql("Area gt 5 and Name eq 'x'")).toContain('WHERE (("t0"."Area" > ?) AND ("t0"."Name" IS ?))');
    expect(sql('Area gt 5')).not.toContain('COALESCE');
    expect(sql('not (Area gt 5)')).toContain('COALESCE("t0"."Area" > ?, 0)');
    expect(sql('(Area gt 5) eq false')).toContain('COALESCE');
  });

  it('never interpolates values into SQL', () => {
    const q = prepare(
      'Elements',
      `$filter=${encodeURIComponent("Name eq 'x'' OR 1=1 --' or contains(Name,'%') or Area gt 12.5")}`,
    );
    const plan = compileSqlQuery(q, { model, entityType: 'Elements' });
    expect(plan.sql).not.toContain("'x");
    expect(plan.sql).not.toContain('12.5');
    expect(plan.params).toEqual(expect.arrayContaining(["x' OR 1=1 --", 12.5]));
  });
});
