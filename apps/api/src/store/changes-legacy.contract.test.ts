import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'libsql';
import mongoose from 'mongoose';
import { migrate } from './sqlite/migrations';
import { createSqliteStore } from './sqlite/sqlite-store';
import { createMongoStore } from './mongo/mongo-store';
import { mongoTestUri, uniqueDbName } from '../test/mongo-test-uri';
import { describeEachStore } from '../test/store-fixtures';
import { elementRow, propertyRow } from '../test/row-fixtures';
import type { ElementRow, Store } from './types';

/**
 * A project published before models existed: its elements keyed `<projectId>:<ExpressId padded>`, two walls (one
 * GlobalId repeated) and a door without one, as each store wrote them then.
 */
const OLD_ELEMENTS: [number, string | null, string, string][] = [
  [7, 'wall-a', 'IfcWall', 'A'],
  [8, 'dup', 'IfcWall', 'first'],
  [9, 'dup', 'IfcWall', 'second'],
  [12, null, 'IfcDoor', 'no GlobalId'],
];
const OLD_PROPERTY = { ElementGlobalId: 'wall-a', SetName: 'Pset_WallCommon', Value: 'F30' };

/** What publishing either version records: four elements, one property value. */
const FOUR_ELEMENTS = {
  schema: 'IFC4',
  elementCount: 4,
  propertyCount: 1,
  spatialCount: 0,
  countsByType: {},
  countsByStorey: {},
};

/** The schema before living models (SQLite migrations), rows keyed by project and padded ExpressId. */
const BEFORE_MODELS = 9;

function seedOldSqlite(file: string): void {
  const db = new Database(file);
  db.pragma('foreign_keys = ON');
  migrate(db, BEFORE_MODELS);
  db.prepare(
    `INSERT INTO users (id, username, username_key, email, email_key, password_hash, created_at, updated_at)
     VALUES ('u1', 'ada', 'ada', 'a@x.io', 'a@x.io', 'h', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
  ).run();
  db.prepare(
    `INSERT INTO projects (id, owner_id, name, file_name, file_size, status, schema, version, max_version,
       element_count, property_count, spatial_count, created_at, processed_at)
     VALUES ('old_p', 'u1', 'Büro', 'm.ifc', 42, 'ready', 'IFC4', 3, 3, 4, 1, 0, '2026-01-02T00:00:00.000Z',
       '2026-01-02T00:05:00.000Z')`,
  ).run();
  const element = db.prepare(
    `INSERT INTO ifc_elements (project_id, version, "Id", "ExpressId", "GlobalId", "IfcType", "Name")
     VALUES ('old_p', 3, ?, ?, ?, ?, ?)`,
  );
  for (const [expressId, globalId, type, name] of OLD_ELEMENTS)
    element.run(`old_p:${String(expressId).padStart(10, '0')}`, expressId, globalId, type, name);
  db.prepare(
    `INSERT INTO ifc_properties (project_id, version, "ElementGlobalId", "ElementExpressId", "SetName",
       "PropertyName", "Value") VALUES ('old_p', 3, ?, 7, ?, 'FireRating', ?)`,
  ).run(OLD_PROPERTY.ElementGlobalId, OLD_PROPERTY.SetName, OLD_PROPERTY.Value);
  db.close();
}

/** A store holding the old project, as the next start-up finds it; `close` removes everything. */
interface OldProject {
  store: Store;
  ownerId: string;
  close(): Promise<void>;
}

async function oldSqliteProject(): Promise<OldProject> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-legacy-changes-'));
  seedOldSqlite(path.join(dir, 'aec.sqlite'));
  const store = createSqliteStore({ dataDir: dir });
  return {
    store,
    ownerId: 'u1',
    async close() {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** On MongoDB: rows written without a model (ExpressId keys), then the models an older build never wrote taken away. */
async function oldMongoProject(): Promise<OldProject> {
  const dbName = uniqueDbName('aec_legacy_changes');
  const conn = await mongoose.createConnection(mongoTestUri!, { dbName }).asPromise();
  const seeding = await createMongoStore(mongoTestUri!, { dbName });
  const owner = await seeding.users.create({ username: 'ada', email: 'a@x.io', passwordHash: 'h' });
  await seeding.projects.create({
    id: 'old_p',
    ownerId: owner.id,
    isPublic: false,
    name: 'Büro',
    fileName: 'm.ifc',
    fileSize: 42,
    schema: 'IFC4',
  });
  const version = await seeding.projects.nextVersion('old_p');
  await seeding.rows.insertBatch('old_p', version, {
    elements: OLD_ELEMENTS.map(([expressId, GlobalId, IfcType, Name]) =>
      elementRow(expressId, { GlobalId, IfcType, Name }),
    ),
    properties: [propertyRow(7, OLD_PROPERTY)],
  });
  await seeding.projects.publish('old_p', version, FOUR_ELEMENTS);
  await seeding.close();
  await conn
    .db!.collection('projects')
    .updateOne({ _id: 'old_p' as never }, { $unset: { models: 1, rev: 1 } });
  await conn.db!.collection('ifc_versions').deleteMany({ projectId: 'old_p' });
  const modelFields = { ModelId: 1, ModelName: 1, VersionNumber: 1, ChangedAt: 1, PropertyFingerprint: 1 };
  for (const c of ['ifc_elements', 'ifc_properties'])
    await conn.db!.collection(c).updateMany({ projectId: 'old_p' }, { $unset: modelFields });
  const store = await createMongoStore(mongoTestUri!, { dbName });
  return {
    store,
    ownerId: owner.id,
    async close() {
      await store.close();
      await conn.dropDatabase();
      await conn.close();
    },
  };
}

// The first version uploaded after the upgrade is compared with the old rows by GlobalId, as rows are keyed today.
describeEachStore('store contract: changes against rows stored before models existed', (target) => {
  if (target.name === 'mongodb') jest.setTimeout(180_000);

  it('matches the old rows by GlobalId as rows are keyed today', async () => {
    const old = await (target.name === 'sqlite' ? oldSqliteProject() : oldMongoProject());
    const { store } = old;
    try {
      const [model] = await store.models.listByProject('old_p');
      const previous = model!.publishedVersion;
      const v = await store.models.createVersion({
        projectId: 'old_p',
        modelId: 'old_p',
        fileName: 'm2.ifc',
        fileSize: 43,
        uploaderId: old.ownerId,
        schema: 'IFC4',
      });
      const elements: ElementRow[] = [
        elementRow(107, { GlobalId: 'wall-a', Name: 'A' }),
        elementRow(108, { GlobalId: 'dup', Name: 'first' }),
        elementRow(109, { GlobalId: 'dup', Name: 'second, renamed' }),
        elementRow(112, { GlobalId: null, IfcType: 'IfcDoor', Name: 'no GlobalId' }),
      ];
      await store.rows.insertBatch(
        'old_p',
        v.version,
        {
          elements,
          properties: [
            propertyRow(107, { ElementGlobalId: 'wall-a', SetName: 'Pset_WallCommon', Value: 'F60' }),
          ],
        },
        { modelId: 'old_p', modelName: 'Büro', versionNumber: v.number, changedAt: v.createdAt },
      );
      await store.projects.publish('old_p', v.version, FOUR_ELEMENTS);
      // The door has no GlobalId and a new ExpressId: it cannot be matched (removed and added).
      expect(await store.rows.computeChanges('old_p', v.version, previous)).toMatchObject({
        previousVersionNumber: 1,
        commonElements: 3,
        added: 1,
        removed: 1,
        modified: 2,
        propertyValuesChanged: 1,
      });
    } finally {
      await old.close();
    }
  });
});
