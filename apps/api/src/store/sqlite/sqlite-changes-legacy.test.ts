import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'libsql';
import { migrate } from './migrations';
import { createSqliteStore } from './sqlite-store';
import { elementRow, propertyRow } from '../../test/row-fixtures';

/** The schema before living models: rows keyed by project and padded ExpressId. */
const BEFORE_MODELS = 9;

/** A project published before models existed, with two walls (one of them repeated GlobalId) and a door. */
function seedOldProject(file: string): void {
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
  for (const [expressId, globalId, type, name] of [
    [7, 'wall-a', 'IfcWall', 'A'],
    [8, 'dup', 'IfcWall', 'first'],
    [9, 'dup', 'IfcWall', 'second'],
    [12, null, 'IfcDoor', 'no GlobalId'],
  ] as const)
    element.run(`old_p:${String(expressId).padStart(10, '0')}`, expressId, globalId, type, name);
  db.prepare(
    `INSERT INTO ifc_properties (project_id, version, "ElementGlobalId", "ElementExpressId", "SetName",
       "PropertyName", "Value") VALUES ('old_p', 3, 'wall-a', 7, 'Pset_WallCommon', 'FireRating', 'F30')`,
  ).run();
  db.close();
}

describe('SQLite changes against rows stored before models existed', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-legacy-changes-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('matches the old rows by GlobalId as rows are keyed today', async () => {
    seedOldProject(path.join(dir, 'aec.sqlite'));
    const store = createSqliteStore({ dataDir: dir });
    try {
      const v = await store.models.createVersion({
        projectId: 'old_p',
        modelId: 'old_p',
        fileName: 'm2.ifc',
        fileSize: 43,
        uploaderId: 'u1',
        schema: 'IFC4',
      });
      await store.rows.insertBatch(
        'old_p',
        v.version,
        {
          elements: [
            elementRow(107, { GlobalId: 'wall-a', Name: 'A' }),
            elementRow(108, { GlobalId: 'dup', Name: 'first' }),
            elementRow(109, { GlobalId: 'dup', Name: 'second, renamed' }),
            elementRow(112, { GlobalId: null, IfcType: 'IfcDoor', Name: 'no GlobalId' }),
          ],
          properties: [
            propertyRow(107, { ElementGlobalId: 'wall-a', SetName: 'Pset_WallCommon', Value: 'F60' }),
          ],
        },
        { modelId: 'old_p', modelName: 'Büro', versionNumber: v.number, changedAt: v.createdAt },
      );
      await store.projects.publish('old_p', v.version, {
        schema: 'IFC4',
        elementCount: 4,
        propertyCount: 1,
        spatialCount: 0,
        countsByType: {},
        countsByStorey: {},
      });
      // The door has no GlobalId and a new ExpressId: it cannot be matched (removed and added).
      expect(await store.rows.computeChanges('old_p', v.version, 3)).toMatchObject({
        previousVersionNumber: 1,
        commonElements: 3,
        added: 1,
        removed: 1,
        modified: 2,
        propertyValuesChanged: 1,
      });
    } finally {
      await store.close();
    }
  });
});
