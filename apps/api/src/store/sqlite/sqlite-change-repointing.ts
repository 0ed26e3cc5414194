import { repointedChanges } from '../change-rules';
import type { SqliteDb } from './database';
import { CHANGE_TABLES } from './sqlite-change-statements';

/** A model's rename reaches its change rows too (they carry ModelName like the element rows). */
export function createChangeRowRenamer(
  db: SqliteDb,
): (name: string, projectId: string, version: number) => void {
  const statements = ['ifc_changes', 'ifc_property_changes'].map((table) =>
    db.prepare(`UPDATE ${table} SET "ModelName" = ? WHERE project_id = ? AND version = ?`),
  );
  return (name, projectId, version) => {
    for (const statement of statements) statement.run(name, projectId, version);
  };
}

/**
 * ModelRepository.deleteVersion's second half (ifc-types.ts), run inside its write transaction once the version's
 * record is gone: each retained version of the model compared with the deleted one (number `number`) leaves the
 * feed's change sets (rows and listing) and is compared with its previous retained version instead, pending for
 * the change step, or with none (change-rules.ts repointedChanges). Resolves to nothing; the caller starts the
 * change step (models.service.ts).
 */
export function createChangeRepointing(
  db: SqliteDb,
): (projectId: string, modelId: string, number: number) => void {
  const compared = db.prepare(
    `SELECT version, number, warnings FROM versions
     WHERE project_id = ? AND model_id = ? AND retained = 1 AND json_extract(changes, '$.previousVersionNumber') = ?`,
  );
  const previousRetained = db.prepare(
    `SELECT number FROM versions WHERE project_id = ? AND model_id = ? AND status = 'ready' AND retained = 1
       AND number < ? ORDER BY number DESC LIMIT 1`,
  );
  const update = db.prepare(
    'UPDATE versions SET changes = ?, warnings = ? WHERE project_id = ? AND version = ?',
  );
  const deletes = CHANGE_TABLES.map((table) =>
    db.prepare(`DELETE FROM ${table} WHERE project_id = ? AND version = ?`),
  );
  return (projectId, modelId, number) => {
    const versions = compared.all(projectId, modelId, number) as {
      version: number;
      number: number;
      warnings: string;
    }[];
    for (const v of versions) {
      for (const statement of deletes) statement.run(projectId, v.version);
      const previous = previousRetained.get(projectId, modelId, v.number) as { number: number } | undefined;
      const { changes, warnings } = repointedChanges(
        number,
        JSON.parse(v.warnings) as string[],
        previous?.number ?? null,
      );
      update.run(changes && JSON.stringify(changes), JSON.stringify(warnings), projectId, v.version);
    }
  };
}
