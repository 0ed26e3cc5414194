import { makeRows, model } from '../test/fixture';
import { openFixtureDb } from '../test/fixture-db';
import { matches, sortDocs } from '../test/mongo-match';
import { PARENT_COLUMN, compileExpandMongo, compileExpandSql } from './compile-expand';
import { ODataSyntaxError, ODataValidationError } from './errors';
import { parseKeyPredicate } from './key-predicate';
import { findEntityType } from './model';
import { parseODataQuery } from './parse-and-validate';

const { rows, projects } = makeRows(120);
const db = openFixtureDb(rows, projects);
const projectType = findEntityType(model, 'Project');
const elementType = findEntityType(model, 'Element');
if (!projectType || !elementType) throw new Error('fixture');

describe('$expand compilation', () => {
  it('expands a collection navigation with nested filter, orderby, top and skip per parent', () => {
    const q = parseODataQuery(
      `$expand=Elements(${encodeURIComponent('$filter=Area gt 0;$orderby=Area desc;$top=3;$skip=1;$select=Name')})`,
      model,
      'Projects',
    );
    const item = q.expand?.[0];
    if (!item) throw new Error('no expand');
    const plan = compileExpandSql(item, model, projectType, [1, 2, 3, 6]);
    expect(plan.parentProperty).toBe('Id');
    const got = db.prepare(plan.sql).all(plan.params) as Record<string, unknown>[];
    for (const parent of [1, 2, 3, 6]) {
      const want = rows
        .filter((r) => r.ProjectId === parent && r.Area !== null && r.Area > 0)
        .sort((a, b) => (b.Area as number) - (a.Area as number) || a.Id - b.Id)
        .slice(1, 4)
        .map((r) => r.Id);
      expect(got.filter((r) => r[PARENT_COLUMN] === parent).map((r) => r.Id)).toEqual(want);
    }
    // Area is a sort key outside $select: it comes back too, to make a skip token from the last row.
    expect(Object.keys(got[0] ?? {})).toEqual(['Id', 'Name', 'Area', PARENT_COLUMN]);
  });

  it('expands a single-valued navigation from the foreign key values', () => {
    const q = parseODataQuery('$expand=Project($select=Title)', model, 'Elements');
    const item = q.expand?.[0];
    if (!item) throw new Error('no expand');
    const plan = compileExpandSql(item, model, elementType, [2, 3, null, 2]);
    expect(plan.parentProperty).toBe('ProjectId');
    expect(db.prepare(plan.sql).all(plan.params)).toEqual([
      { Id: 2, Title: 'Project 2', [PARENT_COLUMN]: 2 },
      { Id: 3, Title: null, [PARENT_COLUMN]: 3 },
    ]);
    expect(db.prepare(compileExpandSql(item, model, elementType, [null]).sql).all()).toEqual([]);
  });

  it('builds the same selection for Mongo', () => {
    const q = parseODataQuery(
      `$expand=Elements(${encodeURIComponent("$filter=contains(Name,'Wall');$orderby=Name;$top=2")})`,
      model,
      'Projects',
    );
    const item = q.expand?.[0];
    if (!item) throw new Error('no expand');
    const plan = compileExpandMongo(item, model, projectType, [1, 2]);
    const docs = rows.map((r) => ({ ...r, cnt: r.Count }));
    const got = sortDocs(
      docs.filter((d) => matches(d, plan.filter)),
      plan.sort,
    ).map((d) => d.Id);
    const want = rows
      .filter((r) => (r.ProjectId === 1 || r.ProjectId === 2) && r.Name?.includes('Wall'))
      .sort((a, b) =>
        (a.Name as string) < (b.Name as string)
          ? -1
          : (a.Name as string) > (b.Name as string)
            ? 1
            : a.Id - b.Id,
      )
      .map((r) => r.Id);
    expect(got).toEqual(want);
    expect([plan.parentField, plan.top]).toEqual(['ProjectId', 2]);
  });
});

describe('key predicates', () => {
  it.each([
    ['(5)', { Id: 5 }],
    ['(Id=7)', { Id: 7 }],
  ])('%s', (text, want) => {
    expect(parseKeyPredicate(text, elementType, model)).toEqual(want);
  });

  it.each(["('5')", '(5,6)', '(Name=5)', '(5.5)', '(null)', '5', '(5'])('rejects %s', (text) => {
    expect(() => parseKeyPredicate(text, elementType, model)).toThrow(
      text === '5' || text === '(5' ? ODataSyntaxError : ODataValidationError,
    );
  });
});
