import type { SqliteDb } from './database';
import { createWrite } from './write-transaction';
import { ELEMENT_COLUMNS, PROPERTY_COLUMNS, SPATIAL_COLUMNS, type ColumnType } from '../row-columns';
import { feedTokenNameKey } from '../keys';

export const SQL_TYPES: Record<ColumnType, string> = {
  string: 'TEXT',
  integer: 'INTEGER',
  number: 'REAL',
  boolean: 'INTEGER',
};
export const columnsDdl = (columns: Record<string, ColumnType>, skip: string[] = []) =>
  Object.entries(columns)
    .filter(([name]) => !skip.includes(name))
    .map(([name, type]) => `"${name}" ${SQL_TYPES[type]}`)
    .join(',\n     ');

/**
 * Versioned, append-only migrations: `PRAGMA user_version` records how many have run. Never edit a shipped
 * migration; add the next one. A migration is SQL, or a function when it needs JavaScript (SQLite has no Unicode
 * normalization, and libsql registers no functions of ours); either runs inside the migration's write transaction.
 */
type Migration = string | ((db: SqliteDb) => void);

/**
 * Migration 15: a user's feed token names are unique in the database (name_key, feedTokenNameKey), not only by the
 * service's check, which two requests at once could both pass. Tokens named alike before the check existed keep
 * their names: the first of each name gets the key, the later ones none (NULLs never collide in a unique index).
 */
function uniqueFeedTokenNames(db: SqliteDb): void {
  db.exec('ALTER TABLE feed_tokens ADD COLUMN name_key TEXT');
  const tokens = db.prepare('SELECT id, user_id, name FROM feed_tokens ORDER BY created_at, rowid').all() as {
    id: string;
    user_id: string;
    name: string;
  }[];
  const setKey = db.prepare('UPDATE feed_tokens SET name_key = ? WHERE id = ?');
  const keyed = new Set<string>();
  for (const token of tokens) {
    const key = feedTokenNameKey(token.name);
    const userKey = JSON.stringify([token.user_id, key]);
    if (keyed.has(userKey)) continue;
    keyed.add(userKey);
    setKey.run(key, token.id);
  }
  db.exec('CREATE UNIQUE INDEX feed_tokens_name_key ON feed_tokens (user_id, name_key)');
}

const migrations: Migration[] = [
  `CREATE TABLE users (
     id TEXT PRIMARY KEY,
     username TEXT NOT NULL,
     username_key TEXT NOT NULL UNIQUE,
     email TEXT NOT NULL,
     email_key TEXT NOT NULL UNIQUE,
     password_hash TEXT NOT NULL,
     token_version INTEGER NOT NULL DEFAULT 0,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL
   )`,
  // Migration 2 (IFC processing). Row columns come from row-columns.ts as they stood when this shipped: a column
  // added there later needs its own ALTER TABLE migration below, never an edit here.
  `CREATE TABLE projects (
     id TEXT PRIMARY KEY,
     owner_id TEXT REFERENCES users(id) ON DELETE CASCADE,
     is_public INTEGER NOT NULL DEFAULT 0,
     name TEXT NOT NULL,
     file_name TEXT NOT NULL,
     file_size INTEGER NOT NULL,
     status TEXT NOT NULL,
     schema TEXT,
     version INTEGER NOT NULL DEFAULT 0,
     max_version INTEGER NOT NULL DEFAULT 0,
     element_count INTEGER NOT NULL DEFAULT 0,
     property_count INTEGER NOT NULL DEFAULT 0,
     spatial_count INTEGER NOT NULL DEFAULT 0,
     counts_by_type TEXT NOT NULL DEFAULT '{}',
     counts_by_storey TEXT NOT NULL DEFAULT '{}',
     error TEXT,
     created_at TEXT NOT NULL,
     processed_at TEXT
   );
   CREATE INDEX projects_owner ON projects (owner_id, created_at);
   CREATE TABLE jobs (
     id TEXT PRIMARY KEY,
     project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
     owner_id TEXT,
     status TEXT NOT NULL,
     version INTEGER NOT NULL,
     file_path TEXT NOT NULL,
     error TEXT,
     created_at TEXT NOT NULL,
     started_at TEXT,
     finished_at TEXT,
     duration_ms INTEGER
   );
   CREATE INDEX jobs_status ON jobs (status);
   CREATE INDEX jobs_project ON jobs (project_id);
   CREATE TABLE ifc_elements (
     project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
     version INTEGER NOT NULL,
     "Id" TEXT NOT NULL,
     "ExpressId" INTEGER NOT NULL,
     ${columnsDdl(ELEMENT_COLUMNS, ['ExpressId'])},
     PRIMARY KEY (project_id, version, "Id")
   ) WITHOUT ROWID;
   CREATE TABLE ifc_properties (
     "Id" INTEGER PRIMARY KEY,
     project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
     version INTEGER NOT NULL,
     ${columnsDdl(PROPERTY_COLUMNS)}
   );
   CREATE INDEX ifc_properties_project ON ifc_properties (project_id, version, "Id");
   CREATE TABLE ifc_spatial (
     project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
     version INTEGER NOT NULL,
     "ExpressId" INTEGER NOT NULL,
     ${columnsDdl(SPATIAL_COLUMNS, ['ExpressId'])},
     PRIMARY KEY (project_id, version, "ExpressId")
   ) WITHOUT ROWID;`,
  // Migration 3: feed tokens (HTTP Basic for BI tools) and newsletter subscribers.
  `CREATE TABLE feed_tokens (
     id TEXT PRIMARY KEY,
     user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     name TEXT NOT NULL,
     token_hash TEXT NOT NULL UNIQUE,
     created_at TEXT NOT NULL,
     last_used_at TEXT
   );
   CREATE INDEX feed_tokens_user ON feed_tokens (user_id, created_at);
   CREATE TABLE newsletter_subscribers (
     email_key TEXT PRIMARY KEY,
     email TEXT NOT NULL,
     created_at TEXT NOT NULL
   );`,
  // Migration 4: request counts per day, user, project and kind (dashboards, performance, platform totals).
  `CREATE TABLE usage_daily (
     day TEXT NOT NULL,
     user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
     project_id TEXT,
     kind TEXT NOT NULL,
     count INTEGER NOT NULL
   );
   CREATE UNIQUE INDEX usage_daily_key ON usage_daily (day, ifnull(user_id, ''), ifnull(project_id, ''), kind);
   CREATE INDEX usage_daily_user ON usage_daily (user_id, day);
   CREATE INDEX jobs_owner ON jobs (owner_id, created_at);`,
  // Migration 5: the per-project wide element set. Each published version's rows live in a table of their own
  // (one column per property found in that model); this catalog names it and lists its property columns.
  `CREATE TABLE ifc_wide_catalogs (
     project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
     version INTEGER NOT NULL,
     table_name TEXT NOT NULL,
     columns TEXT NOT NULL,
     PRIMARY KEY (project_id, version)
   );`,
  // Migration 6: feed speed. Pages filtered on type and storey (what BI users slice by) come off an index in key
  // order. SQLite writes a page's JSON itself where it can print every value exactly: rows it cannot (a double
  // needing more than 15 digits) are flagged once per version, and a version is listed once they are.
  `CREATE INDEX ifc_elements_type_storey ON ifc_elements (project_id, version, "IfcType", "Storey", "Id");
   ALTER TABLE ifc_elements ADD COLUMN json_inexact INTEGER;
   ALTER TABLE ifc_properties ADD COLUMN json_inexact INTEGER;
   CREATE TABLE ifc_json_checked (
     project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
     version INTEGER NOT NULL,
     PRIMARY KEY (project_id, version)
   );`,
  // Migration 7: public projects a user chose to see in their all-projects feed root (the demo, from Create Demo
  // Data); without a choice the root serves only the user's own projects.
  `CREATE TABLE project_root_choices (
     user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
     PRIMARY KEY (user_id, project_id)
   );
   CREATE INDEX project_root_choices_project ON project_root_choices (project_id);`,
  // Migration 8: failures of the post-publish step (wide set, JSON check), counted per version with the last
  // reason, so the step is retried a bounded number of times and the project and the feed can say why it failed.
  `CREATE TABLE ifc_preparation_failures (
     project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
     version INTEGER NOT NULL,
     attempts INTEGER NOT NULL,
     error TEXT NOT NULL,
     PRIMARY KEY (project_id, version)
   );`,
  // Migration 9: a job outlives its project, so a client polling a cancelled upload (whose never-published
  // project is removed) still reads 'cancelled'. Jobs now go with their owner instead of their project.
  `CREATE TABLE jobs_kept (
     id TEXT PRIMARY KEY,
     project_id TEXT NOT NULL,
     owner_id TEXT REFERENCES users(id) ON DELETE CASCADE,
     status TEXT NOT NULL,
     version INTEGER NOT NULL,
     file_path TEXT NOT NULL,
     error TEXT,
     created_at TEXT NOT NULL,
     started_at TEXT,
     finished_at TEXT,
     duration_ms INTEGER
   );
   INSERT INTO jobs_kept SELECT id, project_id, owner_id, status, version, file_path, error, created_at, started_at,
     finished_at, duration_ms FROM jobs WHERE owner_id IS NULL OR owner_id IN (SELECT id FROM users);
   DROP TABLE jobs;
   ALTER TABLE jobs_kept RENAME TO jobs;
   CREATE INDEX jobs_status ON jobs (status);
   CREATE INDEX jobs_project ON jobs (project_id);
   CREATE INDEX jobs_owner ON jobs (owner_id, created_at);`,
  // Migration 10 (living models, issue 15): a project holds models, a model holds numbered versions, each stored
  // under one internal row version of the project. Rows carry their model and version number (denormalised, so a
  // feed page reads them without a join) and elements the time they last changed. Existing data becomes one model
  // per project (id = project id, the project's name) whose version 1 is the published version. The wide tables
  // built before have none of the new columns: their catalogs go, and the start-up pass rebuilds them.
  `CREATE TABLE models (
     id TEXT PRIMARY KEY,
     project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
     name TEXT NOT NULL,
     published_version INTEGER NOT NULL DEFAULT 0,
     max_number INTEGER NOT NULL DEFAULT 0,
     created_at TEXT NOT NULL
   );
   CREATE INDEX models_project ON models (project_id);
   CREATE TABLE versions (
     project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
     model_id TEXT NOT NULL REFERENCES models(id) ON DELETE CASCADE,
     version INTEGER NOT NULL,
     number INTEGER NOT NULL,
     file_name TEXT NOT NULL,
     file_size INTEGER NOT NULL,
     uploader_id TEXT REFERENCES users(id) ON DELETE SET NULL,
     status TEXT NOT NULL,
     error TEXT,
     schema TEXT,
     element_count INTEGER NOT NULL DEFAULT 0,
     property_count INTEGER NOT NULL DEFAULT 0,
     spatial_count INTEGER NOT NULL DEFAULT 0,
     counts_by_type TEXT NOT NULL DEFAULT '{}',
     counts_by_storey TEXT NOT NULL DEFAULT '{}',
     created_at TEXT NOT NULL,
     processed_at TEXT,
     processing_ms INTEGER,
     retained INTEGER NOT NULL DEFAULT 1,
     warnings TEXT NOT NULL DEFAULT '[]',
     changes TEXT,
     PRIMARY KEY (project_id, version),
     UNIQUE (model_id, number)
   );
   ALTER TABLE projects ADD COLUMN retention INTEGER;
   INSERT INTO models (id, project_id, name, published_version, max_number, created_at)
     SELECT id, id, name, version, CASE WHEN version > 0 THEN 1 ELSE 0 END, created_at FROM projects;
   INSERT INTO versions (project_id, model_id, version, number, file_name, file_size, uploader_id, status, schema,
       element_count, property_count, spatial_count, counts_by_type, counts_by_storey, created_at, processed_at)
     SELECT id, id, version, 1, file_name, file_size, owner_id, 'ready', schema, element_count, property_count,
       spatial_count, counts_by_type, counts_by_storey, created_at, processed_at
     FROM projects WHERE version > 0;
   ALTER TABLE ifc_elements ADD COLUMN model_id TEXT NOT NULL DEFAULT '';
   ALTER TABLE ifc_elements ADD COLUMN model_name TEXT NOT NULL DEFAULT '';
   ALTER TABLE ifc_elements ADD COLUMN version_number INTEGER NOT NULL DEFAULT 1;
   ALTER TABLE ifc_elements ADD COLUMN changed_at TEXT NOT NULL DEFAULT '';
   ALTER TABLE ifc_properties ADD COLUMN model_id TEXT NOT NULL DEFAULT '';
   ALTER TABLE ifc_properties ADD COLUMN model_name TEXT NOT NULL DEFAULT '';
   ALTER TABLE ifc_properties ADD COLUMN version_number INTEGER NOT NULL DEFAULT 1;
   ALTER TABLE ifc_spatial ADD COLUMN model_id TEXT NOT NULL DEFAULT '';
   ALTER TABLE ifc_spatial ADD COLUMN model_name TEXT NOT NULL DEFAULT '';
   ALTER TABLE ifc_spatial ADD COLUMN version_number INTEGER NOT NULL DEFAULT 1;
   UPDATE ifc_elements SET model_id = project_id,
     model_name = (SELECT name FROM projects p WHERE p.id = project_id),
     changed_at = (SELECT COALESCE(processed_at, created_at) FROM projects p WHERE p.id = project_id);
   UPDATE ifc_properties SET model_id = project_id, model_name = (SELECT name FROM projects p WHERE p.id = project_id);
   UPDATE ifc_spatial SET model_id = project_id, model_name = (SELECT name FROM projects p WHERE p.id = project_id);
   CREATE INDEX ifc_elements_changed ON ifc_elements (project_id, version, changed_at);
   DELETE FROM ifc_wide_catalogs;`,
  // Migration 11: what changed between a model's versions (IFCChanges, IFCPropertyChanges), stored per version.
  // Keyed by project and Id (<modelId>:<number>:<element key>…): a feed page over every version of a project walks
  // the key in order. A version's rows are served once its change set is listed complete (ifc_change_sets).
  `CREATE TABLE ifc_changes (
     project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
     version INTEGER NOT NULL,
     "Id" TEXT NOT NULL,
     "ModelId" TEXT NOT NULL,
     "ModelName" TEXT NOT NULL,
     "VersionNumber" INTEGER NOT NULL,
     "PreviousVersionNumber" INTEGER NOT NULL,
     "ChangeType" TEXT NOT NULL,
     "GlobalId" TEXT,
     "IfcType" TEXT NOT NULL,
     "Name" TEXT,
     "Storey" TEXT,
     "ChangedColumns" TEXT NOT NULL,
     "PropertyChangeCount" INTEGER NOT NULL,
     "ChangedAt" TEXT NOT NULL,
     PRIMARY KEY (project_id, "Id")
   ) WITHOUT ROWID;
   CREATE INDEX ifc_changes_version ON ifc_changes (project_id, version);
   CREATE INDEX ifc_changes_number ON ifc_changes (project_id, "VersionNumber", "Id");
   CREATE TABLE ifc_property_changes (
     project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
     version INTEGER NOT NULL,
     "Id" TEXT NOT NULL,
     "ModelId" TEXT NOT NULL,
     "ModelName" TEXT NOT NULL,
     "VersionNumber" INTEGER NOT NULL,
     "PreviousVersionNumber" INTEGER NOT NULL,
     "GlobalId" TEXT,
     "IfcType" TEXT NOT NULL,
     "SetName" TEXT,
     "PropertyName" TEXT,
     "ChangeType" TEXT NOT NULL,
     "OldValue" TEXT,
     "NewValue" TEXT,
     "Unit" TEXT,
     "ChangedAt" TEXT NOT NULL,
     PRIMARY KEY (project_id, "Id")
   ) WITHOUT ROWID;
   CREATE INDEX ifc_property_changes_version ON ifc_property_changes (project_id, version);
   CREATE INDEX ifc_property_changes_number ON ifc_property_changes (project_id, "VersionNumber", "Id");
   CREATE TABLE ifc_change_sets (
     project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
     version INTEGER NOT NULL,
     previous_version INTEGER NOT NULL,
     PRIMARY KEY (project_id, version)
   );`,
  // Migration 12: the feed's Models and Versions sets read these views (figures a model or version record does
  // not hold itself: its latest number, version count, whether it is served, its change counts once computed).
  `CREATE VIEW feed_models AS
     SELECT m.id, m.project_id, m.name,
       (SELECT v.number FROM versions v WHERE v.project_id = m.project_id AND v.version = m.published_version)
         AS latest_version_number,
       (SELECT COUNT(*) FROM versions v WHERE v.model_id = m.id) AS version_count,
       m.created_at
     FROM models m;
   CREATE VIEW feed_versions AS
     SELECT v.project_id, v.model_id, m.name AS model_name, v.number, v.file_name, v.file_size, v.schema, v.status,
       v.version = m.published_version AS is_latest, v.retained, v.element_count, v.property_count,
       v.spatial_count, v.created_at AS uploaded_at, v.processed_at, v.processing_ms / 1000.0 AS processing_seconds,
       CASE WHEN json_extract(v.changes, '$.status') = 'ready' THEN json_extract(v.changes, '$.added') END AS added,
       CASE WHEN json_extract(v.changes, '$.status') = 'ready' THEN json_extract(v.changes, '$.removed') END
         AS removed,
       CASE WHEN json_extract(v.changes, '$.status') = 'ready' THEN json_extract(v.changes, '$.modified') END
         AS modified,
       CASE WHEN json_extract(v.changes, '$.status') = 'ready'
         THEN json_extract(v.changes, '$.propertyValuesChanged') END AS property_values_changed
     FROM versions v JOIN models m ON m.id = v.model_id;`,
  // Migration 13: snapshot reads (issue 19.2): when a version stopped being its model's published one, so that
  // retention keeps its rows for the snapshot window after the switch.
  `ALTER TABLE versions ADD COLUMN superseded_at TEXT;`,
  // Migration 14: each element's property fingerprint (propertyFingerprint in @aec/ifc), written with the row, so
  // the change step reads property values only of elements whose fingerprints differ. Never served; rows stored
  // before have none (NULL), and the change step collects those versions' fingerprints itself.
  `ALTER TABLE ifc_elements ADD COLUMN property_fingerprint TEXT;`,
  uniqueFeedTokenNames,
];

export const SCHEMA_VERSION = migrations.length;

/** Brings the schema up to `target` migrations (all of them unless a test stops earlier to seed old data). */
export function migrate(db: SqliteDb, target = migrations.length): void {
  // libsql's pragma({ simple: true }) returns a row object, unlike better-sqlite3: read the row ourselves.
  const schemaVersion = () =>
    (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
  if (schemaVersion() >= target && schemaVersion() <= migrations.length) return;
  const write = createWrite(db);
  for (;;) {
    // Each step re-reads the version under the write lock: another connection may be migrating the same file.
    const done = write(() => {
      const current = schemaVersion();
      if (current > migrations.length) {
        throw new Error(`Database schema version ${current} is newer than this build (${migrations.length})`);
      }
      if (current >= target) return true;
      const migration = migrations[current]!;
      if (typeof migration === 'string') db.exec(migration);
      else migration(db);
      db.pragma(`user_version = ${current + 1}`);
      return false;
    });
    if (done) return;
  }
}
