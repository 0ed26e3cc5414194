import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEntityEncoder, findEntityType, parseODataQuery, type QueryOptions } from '@aec/odata';
import { ELEMENT_COLUMNS, elementColumnNames, elementId } from '../row-columns';
import type { Store } from '../types';
import type { VisibleVersion } from '../feed-types';
import { openSqlite, type SqliteDb } from './database';
import { createSqliteFeedReader, sqliteFeedModel } from './sqlite-feed-reader';
import { createSqliteStore } from './sqlite-store';
import { createSqliteFeedPreparation } from './sqlite-feed-preparation';
import { createWrite } from './write-transaction';

/**
 * SQLite writes a page's entity JSON itself (json_object) for minimal metadata. Its output must parse to exactly
 * what the JavaScript encoder writes from the same rows: booleans, nulls, escapes, unicode, and doubles that 15
 * significant digits do not hold (those rows are flagged after publishing and encoded in JavaScript).
 */

const PROJECT = 'proj_json';
const DOUBLES = [
  0.1 + 0.2,
  1 / 3,
  0.5,
  3,
  1e21,
  5e-324,
  2 ** 53 + 2,
  1.7976931348623157e308,
  Infinity,
  -Infinity,
  12.25,
  -7.000000000000001,
  null,
];
const STRINGS = [
  'plain',
  "O'Brien",
  'quote " and back\\slash',
  'tab\tnew\nline\u0001ctl',
  'é ü 漢字 😀',
  'line\u2028separator',
  '',
  null,
];
const BOOLEANS = [true, false, null];

let dir: string;
let store: Store;
let db: SqliteDb;
let visible: VisibleVersion[];
const ROWS = 40;

/** Doubles that SQLite's JSON (15 significant digits) would not print exactly. */
const inexact = (v: number | null) => v !== null && (!Number.isFinite(v) || Number(v.toPrecision(15)) !== v);

function elementRow(i: number): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  elementColumnNames.forEach((name, c) => {
    const type = ELEMENT_COLUMNS[name];
    if (name === 'ExpressId') row[name] = 100 + i;
    else if (type === 'number') row[name] = DOUBLES[(i + c) % DOUBLES.length];
    else if (type === 'boolean') row[name] = BOOLEANS[(i + c) % BOOLEANS.length];
    else row[name] = STRINGS[(i + c) % STRINGS.length];
  });
  // Every third row holds only doubles SQLite prints exactly, so both kinds of row occur.
  if (i % 3 === 0)
    for (const name of elementColumnNames) if (ELEMENT_COLUMNS[name] === 'number') row[name] = i / 4;
  return row;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-feed-json-'));
  store = createSqliteStore({ dataDir: dir });
  const user = await store.users.create({ username: 'jsonowner', email: 'j@example.com', passwordHash: 'x' });
  await store.projects.create({
    id: PROJECT,
    ownerId: user.id,
    isPublic: false,
    name: 'JSON',
    fileName: 'j.ifc',
    fileSize: 1,
    schema: 'IFC4',
  });
  const version = await store.projects.nextVersion(PROJECT);
  db = openSqlite(store.sqliteFile!);
  const insert = db.prepare(
    `INSERT INTO ifc_elements (project_id, version, "Id", ${elementColumnNames.map((n) => `"${n}"`).join(', ')})
     VALUES (${Array.from({ length: elementColumnNames.length + 3 }, () => '?').join(', ')})`,
  );
  for (let i = 0; i < ROWS; i++) {
    const row = elementRow(i);
    insert.run([
      PROJECT,
      version,
      elementId(PROJECT, row.ExpressId as number),
      ...elementColumnNames.map((n) => (typeof row[n] === 'boolean' ? (row[n] ? 1 : 0) : row[n])),
    ]);
  }
  await store.projects.publish(PROJECT, version, {
    schema: 'IFC4',
    elementCount: ROWS,
    propertyCount: 0,
    spatialCount: 0,
    countsByType: {},
    countsByStorey: {},
  });
  visible = [{ id: PROJECT, version, isPublic: false, stamp: 0 }];
});

afterAll(async () => {
  db?.close();
  await store?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const query = (raw: string): QueryOptions => parseODataQuery(raw, sqliteFeedModel, 'IFCElements');

/** The page's entities as the client sees them, and whether SQLite wrote them. */
function read(raw: string, encodeJson: boolean) {
  const reader = createSqliteFeedReader(db);
  const q = query(raw);
  const page = reader.page({ entitySet: 'IFCElements', query: q, visible, limit: 1000, encodeJson });
  const rows = [...(page.rows as Iterable<unknown[]>)];
  const type = findEntityType(sqliteFeedModel, 'IFCElement')!;
  const encode = createEntityEncoder({
    model: sqliteFeedModel,
    entityType: type,
    entitySet: 'IFCElements',
    serviceRoot: '/',
    ...(q.select ? { properties: q.select.map((s) => s.path[0]!).concat('Id') } : {}),
    rowColumns: page.rowColumns!,
  });
  const texts = rows.map((row) => (page.encoded ? (row[0] as string) : encode(row)));
  return {
    encoded: page.encoded === true,
    entities: texts.map((t) => JSON.parse(t) as Record<string, unknown>),
    sortValues: rows.map((row) => page.sortValues(row)),
  };
}

describe('SQLite feed pages with JSON written by SQLite', () => {
  it('is not used before the version has been checked for inexact doubles', () => {
    expect(read('', true).encoded).toBe(false);
  });

  it('after the check, writes exactly what the JavaScript encoder writes, for every query shape', async () => {
    await store.rows.buildWideElements(PROJECT, visible[0]!.version);
    const flagged = db
      .prepare('SELECT COUNT(*) AS n FROM ifc_elements WHERE project_id = ? AND json_inexact = 1')
      .get(PROJECT) as { n: number };
    const expectedFlagged = Array.from({ length: ROWS }, (_, i) => elementRow(i)).filter((row) =>
      elementColumnNames.some((n) => ELEMENT_COLUMNS[n] === 'number' && inexact(row[n] as number | null)),
    ).length;
    expect(expectedFlagged).toBeGreaterThan(0);
    expect(expectedFlagged).toBeLessThan(ROWS);
    expect(flagged.n).toBe(expectedFlagged);

    for (const raw of [
      '',
      '$select=Name,Height,IsExternal,FireRating',
      '$select=GrossArea,NetVolume',
      '$orderby=Name desc,Height',
      "$filter=IsExternal eq true or Name eq 'O''Brien'",
      '$top=7&$skip=3',
    ]) {
      const fast = read(raw, true);
      const plain = read(raw, false);
      expect({ raw, encoded: fast.encoded }).toEqual({ raw, encoded: true });
      expect(plain.encoded).toBe(false);
      expect(fast.entities.length).toBeGreaterThan(0);
      expect(fast.entities).toEqual(plain.entities);
      expect(fast.sortValues).toEqual(plain.sortValues);
    }
  });

  it('flags the same rows when the check runs in many short ranges, and lists the version only at the end', async () => {
    const { version } = visible[0]!;
    db.prepare('UPDATE ifc_elements SET json_inexact = NULL WHERE project_id = ?').run(PROJECT);
    db.prepare('DELETE FROM ifc_json_checked WHERE project_id = ?').run(PROJECT);
    const preparation = createSqliteFeedPreparation(db, createWrite(db), { chunkRows: 7 });
    let ranges = 0;
    await preparation.prepare(PROJECT, version, () => ++ranges > 3);
    expect(read('', true).encoded).toBe(false);
    await preparation.prepare(PROJECT, version);
    const flagged = db
      .prepare(
        'SELECT "ExpressId" AS id FROM ifc_elements WHERE project_id = ? AND json_inexact = 1 ORDER BY 1',
      )
      .all(PROJECT) as { id: number }[];
    const expected = Array.from({ length: ROWS }, (_, i) => elementRow(i))
      .filter((row) =>
        elementColumnNames.some((n) => ELEMENT_COLUMNS[n] === 'number' && inexact(row[n] as number | null)),
      )
      .map((row) => row.ExpressId);
    expect(flagged.map((r) => r.id)).toEqual(expected);
    expect(read('', true).encoded).toBe(true);
  });

  it('keeps every double exact and writes infinities as OData does', () => {
    const all = read('$select=Height', true).entities;
    const byId = new Map(all.map((e) => [e.Id, e.Height]));
    for (let i = 0; i < ROWS; i++) {
      const row = elementRow(i);
      const v = row.Height as number | null;
      const expected = v === Infinity ? 'INF' : v === -Infinity ? '-INF' : v;
      expect(byId.get(elementId(PROJECT, row.ExpressId as number))).toBe(expected);
    }
  });
});
