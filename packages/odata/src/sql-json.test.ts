import Database from 'libsql';
import { makeRows, model } from '../test/fixture';
import { openFixtureDb } from '../test/fixture-db';
import { compileSqlQuery } from './compile-sql';
import { createEntityEncoder } from './json-writer';
import { findEntityType, type EntityType, type PropertyDef } from './model';
import { parseODataQuery } from './parse-and-validate';
import {
  JSON_COLUMN,
  JSON_OBJECT_MEMBERS,
  canEncodeJsonInSql,
  sqlJsonInexactCondition,
  sqlJsonObject,
} from './sql-json';

const type = findEntityType(model, 'Element')!;

describe('entity JSON written by SQLite', () => {
  it('is offered only for types SQLite prints as OData does, however many properties', () => {
    expect(canEncodeJsonInSql(type, ['Id', 'Name', 'Area', 'Count', 'Big', 'IsExternal'])).toBe(true);
    expect(canEncodeJsonInSql(type, ['Id', 'Created'])).toBe(true);
    expect(canEncodeJsonInSql(type, ['Id', 'Price'])).toBe(false);
    expect(canEncodeJsonInSql(type, ['Id', 'Day'])).toBe(false);
    expect(canEncodeJsonInSql(type, ['Id', 'Missing'])).toBe(false);
    expect(
      canEncodeJsonInSql(
        type,
        Array.from({ length: JSON_OBJECT_MEMBERS * 3 }, () => 'Name'),
      ),
    ).toBe(true);
  });

  it('writes entities wider than one json_object call takes as one object, members in order', () => {
    // A wide set's shape: typed columns past json_object's argument limit, with awkward values at the seams.
    const kinds = ['Edm.String', 'Edm.Double', 'Edm.Boolean', 'Edm.Int32'] as const;
    const properties: PropertyDef[] = Array.from({ length: JSON_OBJECT_MEMBERS * 2 + 5 }, (_, i) => ({
      name: `P${i}_${['ä', 'x'][i % 2]}`,
      type: kinds[i % kinds.length]!,
      nullable: true,
    }));
    const wide: EntityType = { name: 'Wide', key: ['P0_ä'], table: 'wide', properties, navigation: [] };
    const db = new Database(':memory:');
    db.exec(`CREATE TABLE wide (${properties.map((p) => `"${p.name}"`).join(', ')})`);
    const valueOf = (p: PropertyDef, row: number, i: number): unknown => {
      if ((row + i) % 5 === 0) return null;
      if (p.type === 'Edm.String') return ['}', '{"', 'a,b', '"}', 'ü\n'][(row + i) % 5];
      if (p.type === 'Edm.Double') return (row + 1) * (i + 0.5);
      if (p.type === 'Edm.Boolean') return (row + i) % 2 === 0;
      return row * i;
    };
    const rows = [0, 1, 2, 3].map((row) => properties.map((p, i) => valueOf(p, row, i)));
    const insert = db.prepare(`INSERT INTO wide VALUES (${properties.map(() => '?').join(', ')})`);
    for (const row of rows) insert.run(row.map((v) => (typeof v === 'boolean' ? Number(v) : v)));
    const names = properties.map((p) => p.name);
    const texts = db
      .prepare(`SELECT ${sqlJsonObject(wide, names, 't0')} FROM wide AS t0 ORDER BY rowid`)
      .raw(true)
      .all() as [string][];
    expect(texts.map(([t]) => JSON.parse(t))).toEqual(
      rows.map((row) => Object.fromEntries(names.map((n, i) => [n, row[i]]))),
    );
    expect(texts.map(([t]) => Object.keys(JSON.parse(t)))).toEqual(rows.map(() => names));
  });

  it('parses to what the JavaScript encoder writes for the fixture rows, with paging columns after it', () => {
    const { rows, projects } = makeRows();
    const db = openFixtureDb(rows, projects);
    const query = parseODataQuery(
      '$select=Name,Area,Count,Big,IsExternal,Created&$orderby=Name desc',
      model,
      'Elements',
    );
    const plain = compileSqlQuery(query, { model, entityType: 'Elements' });
    const json = compileSqlQuery(query, {
      model,
      entityType: 'Elements',
      asJson: { extraColumns: ['ProjectId'] },
    });
    expect(json.outputColumns).toEqual([JSON_COLUMN, 'Name', 'Id', 'ProjectId']);
    const encode = createEntityEncoder({
      model,
      entityType: type,
      entitySet: 'Elements',
      serviceRoot: '/',
      properties: plain.columns,
      rowColumns: plain.outputColumns,
    });
    const expected = (
      db
        .prepare(plain.sql)
        .raw(true)
        .all(...plain.params) as unknown[][]
    ).map((r) => JSON.parse(encode(r)));
    const fromSql = db
      .prepare(json.sql)
      .raw(true)
      .all(...json.params) as unknown[][];
    expect(fromSql.map((r) => JSON.parse(r[0] as string))).toEqual(expected);
    // The sort values travel beside the JSON, for the next page's skip token.
    expect(fromSql.map((r) => r[2])).toEqual(expected.map((e: { Id: number }) => e.Id));
    db.close();
  });

  it('writes DateTimeOffset text as the JavaScript encoder does: stored ISO text as is, other forms in UTC', () => {
    const when: EntityType = {
      name: 'When',
      key: ['Id'],
      table: 'when_t',
      properties: [
        { name: 'Id', type: 'Edm.Int32', nullable: false },
        { name: 'At', type: 'Edm.DateTimeOffset', nullable: true },
      ],
      navigation: [],
    };
    const db = new Database(':memory:');
    db.exec('CREATE TABLE when_t ("Id" INTEGER, "At" TEXT)');
    const values = [
      '2026-11-24T13:20:18.123Z',
      null,
      '2026-02-03T04:05:06.000Z',
      '2026-11-24T15:20:18.5+02:00',
      '2026-11-24 13:20:18',
    ];
    values.forEach((v, i) => db.prepare('INSERT INTO when_t VALUES (?, ?)').run(i, v));
    const texts = db
      .prepare(`SELECT ${sqlJsonObject(when, ['Id', 'At'], 't0')} FROM when_t AS t0 ORDER BY "Id"`)
      .raw(true)
      .all() as [string][];
    const encode = createEntityEncoder({
      model: { ...model, entityTypes: [...model.entityTypes, when] },
      entityType: when,
      entitySet: 'When',
      serviceRoot: '/',
      properties: ['Id', 'At'],
      rowColumns: ['Id', 'At'],
    });
    expect(texts.map(([t]) => JSON.parse(t))).toEqual(values.map((v, i) => JSON.parse(encode([i, v]))));
    db.close();
  });

  it('flags exactly the doubles that 15 significant digits do not hold', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, a REAL, b REAL)');
    const values: [number | null, number | null][] = [
      [0.5, null],
      [0.1 + 0.2, 1],
      [1 / 3, null],
      [1e21, 12.25],
      [Infinity, 0],
      [null, -Infinity],
      [2 ** 53 + 2, 3],
      [null, null],
    ];
    const insert = db.prepare('INSERT INTO t (a, b) VALUES (?, ?)');
    for (const [a, b] of values) insert.run(a, b);
    const flagged = (
      db.prepare(`SELECT id FROM t WHERE ${sqlJsonInexactCondition(['a', 'b'])} ORDER BY id`).all() as {
        id: number;
      }[]
    ).map((r) => r.id);
    const inexact = (v: number | null) =>
      v !== null && (!Number.isFinite(v) || Number(v.toPrecision(15)) !== v);
    const expected = values.flatMap(([a, b], i) => (inexact(a) || inexact(b) ? [i + 1] : []));
    expect(expected).toEqual([2, 3, 5, 6, 7]);
    expect(flagged).toEqual(expected);
    db.close();
  });
});
