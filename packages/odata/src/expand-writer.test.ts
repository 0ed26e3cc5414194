import { Writable } from 'node:stream';
import { makeRows, model } from '../test/fixture';
import { openFixtureDb } from '../test/fixture-db';
import { PARENT_COLUMN, compileExpandCountSql, compileExpandSql, planExpand } from './compile-expand';
import { createEntityEncoder, expandContextUrl, writeEntity, writeEntityCollection } from './json-writer';
import { findEntityType } from './model';
import { parseODataQuery } from './parse-and-validate';

class Sink extends Writable {
  chunks: Buffer[] = [];
  override _write(chunk: Buffer, _enc: BufferEncoding, cb: (e?: Error) => void): void {
    this.chunks.push(chunk);
    cb();
  }
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

const elementType = findEntityType(model, 'Element')!;
const projectType = findEntityType(model, 'Project')!;
const base = { model, entityType: elementType, entitySet: 'Elements', serviceRoot: 'http://h/odata/' };

async function written(rows: Record<string, unknown>[], opts: Parameters<typeof writeEntityCollection>[2]) {
  const sink = new Sink();
  await writeEntityCollection(sink, rows, opts);
  await new Promise<void>((r) => sink.end(r));
  return sink.text();
}

describe('JSON writer: pre-encoded members for $expand', () => {
  const rows = [
    { Id: 1, Name: 'a', ProjectId: 10 },
    { Id: 2, Name: 'b', ProjectId: 11 },
  ];

  it('appends each row’s members inside its object, for objects and array rows', async () => {
    const members = new Map<unknown, string>([
      [rows[0], ',"Project":{"Id":10}'],
      [rows[1], ',"Project":null'],
    ]);
    const text = await written(rows, {
      ...base,
      properties: ['Id', 'Name'],
      extraMembers: (row) => members.get(row) ?? '',
    });
    expect(JSON.parse(text).value).toEqual([
      { Id: 1, Name: 'a', Project: { Id: 10 } },
      { Id: 2, Name: 'b', Project: null },
    ]);
    const arrays = rows.map((r) => [r.Id, r.Name]);
    const arrayText = await written(arrays as unknown as Record<string, unknown>[], {
      ...base,
      rowColumns: ['Id', 'Name'],
      properties: ['Id', 'Name'],
      extraMembers: (row) => `,"Echo":${JSON.stringify((row as unknown[])[1])}`,
    });
    expect(JSON.parse(arrayText).value).toEqual([
      { Id: 1, Name: 'a', Echo: 'a' },
      { Id: 2, Name: 'b', Echo: 'b' },
    ]);
  });

  it('writes the same bytes as before when no members are given', async () => {
    const plain = await written(rows, { ...base, properties: ['Id', 'Name'], metadata: 'full' });
    const encoder = createEntityEncoder({ ...base, properties: ['Id', 'Name'], metadata: 'full' });
    expect(plain).toContain(rows.map(encoder).join(','));
    expect(JSON.parse(plain).value[0]).toEqual({
      '@odata.id': 'http://h/odata/Elements(1)',
      '@odata.type': '#Test.Element',
      '@odata.editLink': 'Elements(1)',
      Id: 1,
      Name: 'a',
    });
  });

  it('encodes nested entities with the metadata level and a single entity with members', () => {
    const encode = createEntityEncoder({
      model,
      entityType: projectType,
      entitySet: 'Projects',
      serviceRoot: 'http://h/odata/',
      metadata: 'full',
      extraMembers: () => ',"Elements":[]',
    });
    expect(JSON.parse(encode({ Id: 3, Title: 'T' }))).toEqual({
      '@odata.id': 'http://h/odata/Projects(3)',
      '@odata.type': '#Test.Project',
      '@odata.editLink': 'Projects(3)',
      Id: 3,
      Title: 'T',
      Elements: [],
    });
    const one = writeEntity(
      { Id: 1, Name: 'a' },
      {
        ...base,
        properties: ['Id', 'Name'],
        contextUrl: expandContextUrl(
          'http://h/odata/',
          'Elements',
          ['Id', 'Name'],
          [{ navigation: 'Project' }],
        ),
        extraMembers: () => ',"Project":null',
      },
    );
    expect(JSON.parse(one)).toEqual({
      '@odata.context': 'http://h/odata/$metadata#Elements(Id,Name,Project())/$entity',
      Id: 1,
      Name: 'a',
      Project: null,
    });
  });

  it('builds context URLs with nested selections and expansions', () => {
    expect(
      expandContextUrl('http://h/', 'Projects', undefined, [
        { navigation: 'Elements', properties: ['Id', 'Name'], expand: [{ navigation: 'Project' }] },
      ]),
    ).toBe('http://h/$metadata#Projects(Elements(Id,Name,Project()))');
  });
});

describe('$expand compilation: scope, per-parent cap, counts and nested option texts', () => {
  const { rows, projects } = makeRows(120);
  const db = openFixtureDb(rows, projects);
  const expandOf = (q: string) => parseODataQuery(q, model, 'Projects').expand![0]!;
  const parents = [...new Set(rows.map((r) => r.ProjectId).filter((v): v is number => v !== null))];

  it('caps rows per parent, ANDs the scope, and keeps the target set’s order', () => {
    const item = expandOf('$expand=Elements');
    // Scope: only even element ids (stands in for the access scope on the target rows).
    const scope = { sql: '"t0"."Id" % 2 = ?', params: [0] };
    const q = compileExpandSql(item, model, projectType, parents, { scope, perParent: 3 });
    const got = db.prepare(q.sql).all(q.params) as Record<string, unknown>[];
    for (const parent of parents) {
      const want = rows
        .filter((r) => r.ProjectId === parent && r.Id % 2 === 0)
        .map((r) => r.Id)
        .sort((a, b) => a - b)
        .slice(0, 3);
      expect(got.filter((r) => r[PARENT_COLUMN] === parent).map((r) => r.Id)).toEqual(want);
    }
    expect(q.sortKeys.map((k) => k.output)).toEqual(['Id']);
  });

  it('applies the smaller of nested $top and the cap, after nested $skip', () => {
    const item = expandOf(`$expand=Elements(${encodeURIComponent('$top=10;$skip=2;$orderby=Id desc')})`);
    const q = compileExpandSql(item, model, projectType, parents, { perParent: 4 });
    const got = db.prepare(q.sql).all(q.params) as Record<string, unknown>[];
    for (const parent of parents) {
      const want = rows
        .filter((r) => r.ProjectId === parent)
        .map((r) => r.Id)
        .sort((a, b) => b - a)
        .slice(2, 6);
      expect(got.filter((r) => r[PARENT_COLUMN] === parent).map((r) => r.Id)).toEqual(want);
    }
  });

  it('returns expression sort keys as hidden columns for skip tokens', () => {
    const item = expandOf(
      `$expand=Elements(${encodeURIComponent('$orderby=length(Name) desc;$select=Name')})`,
    );
    const q = compileExpandSql(item, model, projectType, [1]);
    const got = db.prepare(q.sql).all(q.params) as Record<string, unknown>[];
    expect(q.sortKeys[0]).toMatchObject({ output: '$k0', hidden: true });
    for (const r of got) expect(r.$k0).toBe(r.Name === null ? null : (r.Name as string).length);
  });

  it('counts children per parent with the nested filter and scope', () => {
    const item = expandOf(`$expand=Elements(${encodeURIComponent('$filter=Area gt 0;$count=true')})`);
    const scope = { sql: '"t0"."Id" > ?', params: [10] };
    const c = compileExpandCountSql(item, model, projectType, [...parents, null], { scope });
    const got = new Map(
      (db.prepare(c.sql).all(c.params) as Record<string, unknown>[]).map((r) => [r[PARENT_COLUMN], r.count]),
    );
    for (const parent of parents) {
      const want = rows.filter((r) => r.ProjectId === parent && r.Id > 10 && (r.Area ?? 0) > 0).length;
      expect(got.get(parent) ?? 0).toBe(want);
    }
    expect(db.prepare(compileExpandCountSql(item, model, projectType, []).sql).all()).toEqual([]);
  });

  it('plans both directions and keeps nested option texts for next links', () => {
    const item = expandOf(
      `$expand=Elements(${encodeURIComponent("$filter=Name eq @n;@n='it''s';$select=Name;$orderby=Name")})`,
    );
    expect(planExpand(item, model, projectType)).toMatchObject({
      navigation: 'Elements',
      collection: true,
      targetSet: 'Elements',
      parentProperty: 'Id',
      targetProperty: 'ProjectId',
    });
    expect(item.options.texts).toEqual({
      filter: 'Name eq @n',
      '@n': "'it''s'",
      select: 'Name',
      orderby: 'Name',
    });
    const back = parseODataQuery('$expand=Project', model, 'Elements').expand![0]!;
    expect(planExpand(back, model, elementType)).toMatchObject({
      collection: false,
      targetSet: 'Projects',
      parentProperty: 'ProjectId',
      targetProperty: 'Id',
    });
  });

  it('expands * into every navigation of the type', () => {
    expect(parseODataQuery('$expand=*', model, 'Projects').expand!.map((e) => e.path)).toEqual([
      ['Elements'],
    ]);
    expect(parseODataQuery('$expand=*', model, 'Elements').expand!.map((e) => e.path)).toEqual([['Project']]);
  });
});
