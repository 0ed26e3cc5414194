import Database from 'libsql';
import type { SqliteDb } from './database';
import { migrate, SCHEMA_VERSION } from './migrations';

/** The schema before living models (issue 15): one published version per project, rows keyed by it. */
const BEFORE_MODELS = 9;

function seedOldDatabase(): SqliteDb {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, BEFORE_MODELS);
  db.prepare(
    `INSERT INTO users (id, username, username_key, email, email_key, password_hash, created_at, updated_at)
     VALUES ('u1', 'ada', 'ada', 'a@x.io', 'a@x.io', 'h', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
  ).run();
  const project = db.prepare(
    `INSERT INTO projects (id, owner_id, name, file_name, file_size, status, schema, version, max_version,
       element_count, property_count, spatial_count, counts_by_type, counts_by_storey, created_at, processed_at)
     VALUES (?, 'u1', ?, 'm.ifc', 42, ?, 'IFC4', ?, ?, ?, 1, 1, '{"IfcWall":2}', '{"L1":2}', ?, ?)`,
  );
  project.run(
    'ready_p',
    'Büro Nord',
    'ready',
    3,
    3,
    2,
    '2026-01-02T00:00:00.000Z',
    '2026-01-02T00:05:00.000Z',
  );
  project.run('queued_p', 'Queued', 'processing', 0, 1, 0, '2026-01-03T00:00:00.000Z', null);
  for (const id of [1, 2])
    db.prepare(
      `INSERT INTO ifc_elements (project_id, version, "Id", "ExpressId", "IfcType") VALUES ('ready_p', 3, ?, ?, 'IfcWall')`,
    ).run(`ready_p:${String(id).padStart(10, '0')}`, id);
  db.prepare(
    `INSERT INTO ifc_properties (project_id, version, "ElementExpressId", "PropertyName") VALUES ('ready_p', 3, 1, 'A')`,
  ).run();
  db.prepare(
    `INSERT INTO ifc_spatial (project_id, version, "ExpressId", "IfcType") VALUES ('ready_p', 3, 9, 'IfcSite')`,
  ).run();
  db.prepare(
    `INSERT INTO ifc_wide_catalogs (project_id, version, table_name, columns) VALUES ('ready_p', 3, 't', '[]')`,
  ).run();
  return db;
}

describe('SQLite migration to models and versions', () => {
  it('makes one model per project, the published version its version 1, and stamps the rows', () => {
    const db = seedOldDatabase();
    migrate(db);
    expect(db.prepare('PRAGMA user_version').get()).toMatchObject({ user_version: SCHEMA_VERSION });
    expect(
      db.prepare('SELECT id, project_id, name, published_version FROM models ORDER BY id').all(),
    ).toEqual([
      { id: 'queued_p', project_id: 'queued_p', name: 'Queued', published_version: 0 },
      { id: 'ready_p', project_id: 'ready_p', name: 'Büro Nord', published_version: 3 },
    ]);
    expect(db.prepare('SELECT * FROM versions').all()).toEqual([
      expect.objectContaining({
        project_id: 'ready_p',
        model_id: 'ready_p',
        version: 3,
        number: 1,
        status: 'ready',
        file_name: 'm.ifc',
        file_size: 42,
        uploader_id: 'u1',
        element_count: 2,
        counts_by_type: '{"IfcWall":2}',
        created_at: '2026-01-02T00:00:00.000Z',
        processed_at: '2026-01-02T00:05:00.000Z',
        retained: 1,
      }),
    ]);
    expect(
      db
        .prepare(
          'SELECT "Id", model_id, model_name, version_number, changed_at FROM ifc_elements ORDER BY "Id"',
        )
        .all(),
    ).toEqual([
      {
        Id: 'ready_p:0000000001',
        model_id: 'ready_p',
        model_name: 'Büro Nord',
        version_number: 1,
        changed_at: '2026-01-02T00:05:00.000Z',
      },
      {
        Id: 'ready_p:0000000002',
        model_id: 'ready_p',
        model_name: 'Büro Nord',
        version_number: 1,
        changed_at: '2026-01-02T00:05:00.000Z',
      },
    ]);
    for (const table of ['ifc_properties', 'ifc_spatial'])
      expect(db.prepare(`SELECT model_id, model_name, version_number FROM ${table}`).get()).toMatchObject({
        model_id: 'ready_p',
        model_name: 'Büro Nord',
        version_number: 1,
      });
    expect(db.prepare('SELECT retention FROM projects WHERE id = ?').get('ready_p')).toMatchObject({
      retention: null,
    });
    // Wide tables built before lack the new columns: their catalogs go so the start-up pass rebuilds them.
    expect(db.prepare('SELECT COUNT(*) AS n FROM ifc_wide_catalogs').get()).toMatchObject({ n: 0 });
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT "Id" FROM ifc_elements WHERE project_id = 'ready_p' AND version = 3
         AND changed_at > '2026-01-01'`,
      )
      .all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/ifc_elements_changed/);
    db.close();
  });
});
