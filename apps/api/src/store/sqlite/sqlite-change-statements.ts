import type { SqliteDb } from './database';

const CHANGE_COLUMNS = [
  'Id',
  'ModelId',
  'ModelName',
  'VersionNumber',
  'PreviousVersionNumber',
  'ChangeType',
  'GlobalId',
  'IfcType',
  'Name',
  'Storey',
  'ChangedColumns',
  'PropertyChangeCount',
  'ChangedAt',
] as const;
const PROPERTY_CHANGE_COLUMNS = [
  'Id',
  'ModelId',
  'ModelName',
  'VersionNumber',
  'PreviousVersionNumber',
  'GlobalId',
  'IfcType',
  'SetName',
  'PropertyName',
  'ChangeType',
  'OldValue',
  'NewValue',
  'Unit',
  'ChangedAt',
] as const;

export interface VersionInfo {
  modelId: string;
  modelName: string;
  number: number;
  createdAt: string;
  retained: number;
}

/** The change tables holding something of one row version: its rows, and its listing as complete. */
export const CHANGE_TABLES = ['ifc_changes', 'ifc_property_changes', 'ifc_change_sets'] as const;

/**
 * The statements a change computation (sqlite-changes.ts) runs against the version records and the change tables:
 * reading the versions compared, writing change rows and carried-over ChangedAt values, removing a version's change
 * rows, and listing its change set as complete.
 */
export function createChangeStatements(db: SqliteDb) {
  const versionInfo = db.prepare(
    `SELECT v.model_id AS modelId, m.name AS modelName, v.number AS number, v.created_at AS createdAt,
       v.retained AS retained
     FROM versions v JOIN models m ON m.id = v.model_id WHERE v.project_id = ? AND v.version = ?`,
  );
  const lacksFingerprints = db.prepare(
    `SELECT EXISTS (SELECT 1 FROM ifc_elements
       WHERE project_id = ? AND version = ? AND property_fingerprint IS NULL) AS lacking`,
  );
  /** Versions stored before fingerprints (migration 14) have none: their fingerprints are collected then. */
  const storedFingerprints = (projectId: string, version: number) =>
    (lacksFingerprints.get(projectId, version) as { lacking: number }).lacking === 0;
  const insert = (table: string, columns: readonly string[]) =>
    db.prepare(
      `INSERT INTO ${table} (project_id, version, ${columns.map((c) => `"${c}"`).join(', ')})
       VALUES (?, ?, ${columns.map(() => '?').join(', ')})`,
    );
  const insertChange = insert('ifc_changes', CHANGE_COLUMNS);
  const insertPropertyChange = insert('ifc_property_changes', PROPERTY_CHANGE_COLUMNS);
  // One statement per page and carried value (a page's unchanged elements mostly share one or a few).
  const carryOver = db.prepare(
    `UPDATE ifc_elements SET changed_at = ? WHERE project_id = ? AND version = ?
       AND "Id" IN (SELECT value FROM json_each(?))`,
  );
  const deletes = CHANGE_TABLES.map((table) =>
    db.prepare(`DELETE FROM ${table} WHERE project_id = ? AND version = ?`),
  );
  /** Whether the version is still there: deleting it, its model or its project removes its record. */
  const versionAlive = db.prepare(
    `SELECT 1 FROM versions v JOIN models m ON m.id = v.model_id AND m.project_id = v.project_id
     WHERE v.project_id = ? AND v.version = ?`,
  );
  /** Whether the version compared with still has its rows: deleted, its record goes; pruned, it is unretained. */
  const previousKept = db.prepare(
    'SELECT 1 FROM versions WHERE project_id = ? AND version = ? AND retained = 1',
  );
  const markComplete = db.prepare(
    'INSERT INTO ifc_change_sets (project_id, version, previous_version) VALUES (?, ?, ?)',
  );
  return {
    versionInfo,
    storedFingerprints,
    insertChange,
    insertPropertyChange,
    carryOver,
    deletes,
    versionAlive,
    previousKept,
    markComplete,
  };
}
