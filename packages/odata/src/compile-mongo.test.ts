import { makeRows, model, type Row } from '../test/fixture';
import { FILTERS } from '../test/filters';
import { matches, sortDocs } from '../test/mongo-match';
import { type RefData, evaluate } from '../test/reference-eval';
import { checkExpr } from './check-expression';
import { compileMongoCount, compileMongoQuery } from './mongo-query';
import { ODataNotImplementedError } from './errors';
import { findEntityType } from './model';
import { parseQueryOptions } from './parse-query-options';
import { validateQuery } from './validate';

const { rows, projects } = makeRows(200);
const data: RefData = { rows, projects, now: new Date() };
const type = findEntityType(model, 'Element');
if (!type) throw new Error('fixture');
const scope = { model, type, variables: {} as Record<string, never> };

/** Documents as stored in Mongo: DateTimeOffset as Date, column names from the model, null fields left out sometimes. */
const docs = rows.map((r, i) => {
  const d: Record<string, unknown> = {
    Id: r.Id,
    Name: r.Name,
    Area: r.Area,
    cnt: r.Count,
    Price: r.Price,
    Big: r.Big,
    IsExternal: r.IsExternal,
    Created: r.Created === null ? null : new Date(r.Created),
    Day: r.Day,
    Uid: r.Uid,
    ProjectId: r.ProjectId,
  };
  // Missing and null must behave the same; drop null fields from every other document.
  if (i % 2 === 0) for (const k of Object.keys(d)) if (d[k] === null) delete d[k];
  return d;
});

const needsJoin = (f: string): boolean => f.includes('Project/');
// now() is evaluated when compiled; the reference uses the same instant only to the millisecond.
const usesNow = (f: string): boolean => f.includes('now()');

describe('Mongo compiler semantics', () => {
  it.each(FILTERS.filter((f) => !needsJoin(f) && !usesNow(f)))('Elements?$filter=%s', (f) => {
    const q = validateQuery(parseQueryOptions(`$filter=${encodeURIComponent(f)}`), model, 'Elements');
    const plan = compileMongoQuery(q, { model, entityType: 'Elements' });
    const got = docs.filter((d) => matches(d, plan.filter)).map((d) => d.Id);
    const intKinds = (e: Parameters<typeof checkExpr>[0]): boolean => checkExpr(e, scope) === 'int';
    const want = rows
      .filter(
        (row) =>
          evaluate(q.filter as NonNullable<typeof q.filter>, { row, vars: {}, intKinds }, data) === true,
      )
      .map((r: Row) => r.Id);
    expect(got).toEqual(want);
    expect(
      docs.filter((d) => matches(d, compileMongoCount(q, { model, entityType: 'Elements' }))).length,
    ).toBe(want.length);
  });

  it('answers 501 for navigation paths and lambdas', () => {
    const q = validateQuery(parseQueryOptions("$filter=Project/Title eq 'x'"), model, 'Elements');
    expect(() => compileMongoQuery(q, { model, entityType: 'Elements' })).toThrow(ODataNotImplementedError);
  });

  it('escapes regex metacharacters instead of passing user regex through', () => {
    const q = validateQuery(
      parseQueryOptions(`$filter=${encodeURIComponent("contains(Name,'.*(a|b)[x]^$\\')")}`),
      model,
      'Elements',
    );
    const plan = compileMongoQuery(q, { model, entityType: 'Elements' });
    expect(plan.filter).toEqual({ Name: { $regex: '\\.\\*\\(a\\|b\\)\\[x\\]\\^\\$\\\\' } });
    expect(JSON.stringify(plan.filter)).not.toContain('"$where"');
  });

  it('uses $literal for user strings inside $expr so "$field" text is never a field path', () => {
    const q = validateQuery(
      parseQueryOptions(`$filter=${encodeURIComponent("concat(Name,'$Uid') eq '$Name'")}`),
      model,
      'Elements',
    );
    const plan = compileMongoQuery(q, { model, entityType: 'Elements' });
    expect(JSON.stringify(plan.filter)).toContain('{"$literal":"$Uid"}');
    expect(docs.filter((d) => matches(d, plan.filter))).toEqual([]);
  });

  it.each(['Name', 'Name desc', 'Area desc,Name', 'IsExternal,Created desc', 'Count,Area'])(
    'keyset pages equal one full sort by "%s"',
    (orderby) => {
      const q = validateQuery(
        parseQueryOptions(`$orderby=${encodeURIComponent(orderby)}&$select=Id`),
        model,
        'Elements',
      );
      const full = compileMongoQuery(q, { model, entityType: 'Elements' });
      const all = sortDocs(
        docs.filter((d) => matches(d, full.filter)),
        full.sort,
      ).map((d) => d.Id);
      const paged: unknown[] = [];
      let after: unknown[] | undefined;
      for (let guard = 0; guard < 100; guard++) {
        const page = compileMongoQuery(q, {
          model,
          entityType: 'Elements',
          limit: 23,
          ...(after ? { after } : {}),
        });
        const got = sortDocs(
          docs.filter((d) => matches(d, page.filter)),
          page.sort,
        ).slice(0, 23);
        paged.push(...got.map((d) => d.Id));
        const last = got[got.length - 1];
        if (got.length < 23 || !last) break;
        after = page.sort.map((s) => last[s.field] ?? null);
      }
      expect(paged).toEqual(all);
      expect(new Set(paged).size).toBe(docs.length);
      expect(Object.keys(full.projection)).toEqual(expect.arrayContaining(['Id']));
      expect(full.columns).toEqual(['Id']);
    },
  );
});
