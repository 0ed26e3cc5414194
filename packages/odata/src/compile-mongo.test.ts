import { makeRows, model, type Row } from '../test/fixture';
import { FILTERS } from '../test/filters';
import { matches, sortDocs } from '../test/mongo-match';
import { type RefData, evaluate } from '../test/reference-eval';
import { checkExpr } from './check-expression';
import { compileMongoCount, compileMongoQuery, mongoSortValues } from './mongo-query';
import { ODataNotImplementedError } from './errors';
import { type EntityModel, findEntityType } from './model';
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

describe('Mongo compiler: tolower/toupper on stored case-mapped copies', () => {
  // The store keeps Name's JavaScript mappings in two fields of its own (flat names here; the app's are nested).
  const cased: EntityModel = {
    ...model,
    entityTypes: model.entityTypes.map((t) =>
      t.name !== 'Element'
        ? t
        : {
            ...t,
            properties: t.properties.map((p) =>
              p.name === 'Name' ? { ...p, caseColumns: { lower: 'Name_lc', upper: 'Name_uc' } } : p,
            ),
          },
    ),
  };
  const names = ['Straße', 'STRASSE', 'ΟΔΟΣ', 'οδος', 'İzmir', 'izmir', 'Ø8', null];
  const casedDocs = names.map((Name, i) => ({
    Id: `e${i}`,
    Name,
    Name_lc: Name?.toLowerCase() ?? null,
    Name_uc: Name?.toUpperCase() ?? null,
  }));
  const query = (q: string) => validateQuery(parseQueryOptions(q), cased, 'Elements');
  const ids = (filter: string) =>
    casedDocs
      .filter((d) =>
        matches(
          d,
          compileMongoQuery(query(`$filter=${encodeURIComponent(filter)}`), {
            model: cased,
            entityType: 'Elements',
          }).filter,
        ),
      )
      .map((d) => d.Name);

  it('filters on the copies with the mapped text as given, so expanding and final-sigma mappings hold', () => {
    expect(ids("toupper(Name) eq 'STRASSE'")).toEqual(['Straße', 'STRASSE']);
    expect(ids("tolower(Name) eq 'οδος'")).toEqual(['ΟΔΟΣ', 'οδος']);
    expect(ids("startswith(tolower(Name),'i̇')")).toEqual(['İzmir']);
    expect(ids("tolower(Name) in ('izmir','ø8')")).toEqual(['izmir', 'Ø8']);
    // OData's `null eq 'x'` is false, so its negation holds for the null name too.
    expect(ids("not (toupper(Name) eq 'STRASSE')")).toEqual(['ΟΔΟΣ', 'οδος', 'İzmir', 'izmir', 'Ø8', null]);
    const plan = compileMongoQuery(query(`$filter=${encodeURIComponent("tolower(Name) eq 'x'")}`), {
      model: cased,
      entityType: 'Elements',
    });
    expect(plan.filter).toEqual({ Name_lc: { $eq: 'x' } });
  });

  it('sorts by a copy and pages by the mapped value of the last row', () => {
    const q = query(`$orderby=${encodeURIComponent('toupper(Name) desc')}&$select=Id`);
    const first = compileMongoQuery(q, { model: cased, entityType: 'Elements', limit: 3 });
    expect(first.sort.map((k) => k.field)).toEqual(['Name_uc', 'Id']);
    const sorted = sortDocs(casedDocs, first.sort);
    const last = sorted[2]!;
    const after = mongoSortValues({ Id: last.Id, Name: last.Name }, first.sort);
    expect(after).toEqual([last.Name_uc, last.Id]);
    const next = compileMongoQuery(q, { model: cased, entityType: 'Elements', after });
    expect(
      sortDocs(
        casedDocs.filter((d) => matches(d, next.filter)),
        next.sort,
      ),
    ).toEqual(sorted.slice(3));
  });

  it('maps literals by JavaScript, reads a repeated mapping from the copy, and refuses what it cannot map', () => {
    expect(ids("tolower(tolower(Name)) eq 'straße'")).toEqual(['Straße']);
    const plan = compileMongoQuery(query(`$filter=${encodeURIComponent("Name eq toupper('straße')")}`), {
      model: cased,
      entityType: 'Elements',
    });
    expect(JSON.stringify(plan.filter)).toContain('{"$literal":"STRASSE"}');
    // MongoDB's $toLower maps ASCII only: an expression's mapping answers 501 rather than a wrong answer.
    expect(() =>
      compileMongoQuery(query(`$filter=${encodeURIComponent("tolower(concat(Name,'Σ')) eq 'x'")}`), {
        model: cased,
        entityType: 'Elements',
      }),
    ).toThrow(ODataNotImplementedError);
  });

  it('still answers 501 for sorting by other expressions', () => {
    expect(() =>
      compileMongoQuery(query(`$orderby=${encodeURIComponent('length(Name)')}`), {
        model: cased,
        entityType: 'Elements',
      }),
    ).toThrow(ODataNotImplementedError);
  });
});
