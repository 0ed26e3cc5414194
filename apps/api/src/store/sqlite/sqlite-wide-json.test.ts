import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEntityEncoder, findEntityType, parseODataQuery, type EntityModel } from '@aec/odata';
import { elementRow, propertyRow } from '../../test/row-fixtures';
import { withWideElements } from '../feed-model';
import type { Store } from '../types';
import type { VisibleVersion } from '../feed-types';
import { WIDE_ENTITY_SET, WIDE_ENTITY_TYPE } from '../wide-columns';
import { openSqlite, type SqliteDb } from './database';
import { createSqliteFeedReader, sqliteFeedModel } from './sqlite-feed-reader';
import { createSqliteStore } from './sqlite-store';

/**
 * The wide element set's pages are written by SQLite (json_object, spliced past its argument limit) like the
 * narrow sets': they must parse to exactly what the JavaScript encoder writes, including property doubles that 15
 * significant digits do not hold, infinities, and columns of sets without a name.
 */

const PROJECT = 'proj_wide_json';
const DOUBLES = [0.1 + 0.2, 1 / 3, 0.5, 3, 1e21, 2 ** 53 + 2, Infinity, -Infinity, 12.25];
const STRINGS = ['plain', 'quote " and }', '{"', 'é 漢字 😀', 'tab\tline\n', ''];
const ELEMENTS = 30;
/** Enough property columns that the entity is wider than one json_object call takes (63 members). */
const EXTRA_COLUMNS = 40;

let dir: string;
let store: Store;
let db: SqliteDb;
let visible: VisibleVersion[];
let model: EntityModel;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-wide-json-'));
  store = createSqliteStore({ dataDir: dir });
  const user = await store.users.create({ username: 'widejson', email: 'w@example.com', passwordHash: 'x' });
  await store.projects.create({
    id: PROJECT,
    ownerId: user.id,
    isPublic: false,
    name: 'Wide JSON',
    fileName: 'w.ifc',
    fileSize: 1,
    schema: 'IFC4',
  });
  const version = await store.projects.nextVersion(PROJECT);
  const elements = Array.from({ length: ELEMENTS }, (_, i) =>
    elementRow(i + 1, { Name: STRINGS[i % STRINGS.length]!, Height: i % 4 === 0 ? 1 / 7 : i / 2 }),
  );
  const properties = elements.flatMap((e, i) => [
    propertyRow(e.ExpressId, {
      SetName: 'Qto',
      SetKind: 'QuantitySet',
      PropertyName: 'Volume',
      Value: String(DOUBLES[i % DOUBLES.length]),
      NumericValue: DOUBLES[i % DOUBLES.length]!,
    }),
    propertyRow(e.ExpressId, { PropertyName: 'IsExternal', Value: i % 2 ? 'TRUE' : 'false' }),
    propertyRow(e.ExpressId, {
      SetName: null,
      PropertyName: 'Zone',
      Value: STRINGS[(i + 1) % STRINGS.length]!,
    }),
    ...Array.from({ length: EXTRA_COLUMNS }, (_, c) =>
      propertyRow(e.ExpressId, { SetName: 'Extra', PropertyName: `P${c}`, Value: `v${(i * c) % 7}` }),
    ),
  ]);
  await store.rows.insertBatch(PROJECT, version, { elements, properties });
  await store.projects.publish(PROJECT, version, {
    schema: 'IFC4',
    elementCount: ELEMENTS,
    propertyCount: properties.length,
    spatialCount: 0,
    countsByType: {},
    countsByStorey: {},
  });
  const catalog = (await store.rows.buildWideElements(PROJECT, version))!;
  model = withWideElements(sqliteFeedModel, catalog);
  db = openSqlite(store.sqliteFile!);
  visible = [{ id: PROJECT, version, isPublic: false, stamp: 0 }];
});

afterAll(async () => {
  db?.close();
  await store?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function read(raw: string, encodeJson: boolean) {
  const reader = createSqliteFeedReader(db);
  const query = parseODataQuery(raw, model, WIDE_ENTITY_SET);
  const page = reader.page({ entitySet: WIDE_ENTITY_SET, query, visible, limit: 1000, model, encodeJson });
  const rows = [...(page.rows as Iterable<unknown[]>)];
  const encode = createEntityEncoder({
    model,
    entityType: findEntityType(model, WIDE_ENTITY_TYPE)!,
    entitySet: WIDE_ENTITY_SET,
    serviceRoot: '/',
    ...(query.select ? { properties: query.select.map((s) => s.path[0]!).concat('Id') } : {}),
    rowColumns: page.rowColumns!,
  });
  return {
    encoded: page.encoded === true,
    entities: rows.map((row) => JSON.parse(page.encoded ? (row[0] as string) : encode(row)) as object),
  };
}

describe('SQLite wide-set pages with JSON written by SQLite', () => {
  it('writes exactly what the JavaScript encoder writes, for wide and narrow selections', () => {
    for (const raw of [
      '',
      '$select=Name,Qto_Volume,Pset_WallCommon_IsExternal,UnnamedSet_Zone',
      '$orderby=Qto_Volume desc,Name',
      '$filter=Pset_WallCommon_IsExternal eq true&$select=Id,Height,Qto_Volume',
    ]) {
      const fast = read(raw, true);
      const plain = read(raw, false);
      expect({ raw, encoded: fast.encoded }).toEqual({ raw, encoded: true });
      expect(plain.encoded).toBe(false);
      expect(fast.entities.length).toBeGreaterThan(0);
      expect(fast.entities).toEqual(plain.entities);
    }
    const volumes = read('$select=Qto_Volume', true).entities.map(
      (e) => (e as { Qto_Volume: unknown }).Qto_Volume,
    );
    expect(volumes).toEqual(expect.arrayContaining([0.1 + 0.2, 1 / 3, 2 ** 53 + 2, 'INF', '-INF']));
  });
});
