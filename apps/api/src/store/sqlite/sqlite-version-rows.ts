import type { SqliteDb } from './database';
import type { SqliteWrite } from './write-transaction';
import type { SqliteWideElements } from './sqlite-wide-elements';

/**
 * Every table holding something of one row version (project, version). A failed job's output, a version pruned by
 * retention, a deleted version and a deleted model all go through here, so none of them leaves a table behind;
 * tables added later for a version (change rows) join this list.
 */
export const VERSION_TABLES = [
  'ifc_elements',
  'ifc_properties',
  'ifc_spatial',
  'ifc_wide_catalogs',
  'ifc_json_checked',
  'ifc_preparation_failures',
  'ifc_changes',
  'ifc_property_changes',
  'ifc_change_sets',
] as const;

/** Removes what one row version stored (rows, wide table, feed preparation state); its record stays. */
export type RemoveVersionRows = (projectId: string, version: number) => void;

export function createVersionRowRemoval(
  db: SqliteDb,
  write: SqliteWrite,
  wide: SqliteWideElements,
): RemoveVersionRows {
  const statements = VERSION_TABLES.map((table) =>
    db.prepare(`DELETE FROM ${table} WHERE project_id = ? AND version = ?`),
  );
  return (projectId, version) =>
    write(() => {
      for (const statement of statements) statement.run(projectId, version);
      wide.dropTables(projectId, (v) => v !== version);
    });
}
