import { createPasswordHasher } from '../apps/api/src/modules/auth/password-hasher';
import { openSqlite } from '../apps/api/src/store/sqlite/database';
import { createSqliteStore } from '../apps/api/src/store/sqlite/sqlite-store';
import type { Store } from '../apps/api/src/store/types';
import { BENCH_TYPES } from './bench-project';

/** The two projects the versions bench compares: the same model kept in 10 versions, and kept once. */
const VERSIONED = 'proj_bench_versions';
const SINGLE = 'proj_bench_single';

/**
 * Seeds DATA_DIR with the bench reader and two projects whose published model has `rows` element rows: one whose
 * model has `versions` versions, every one retained (rows of all of them stored, as with retention "keep all"),
 * one with a single version. Rows are generated inside SQLite; every version has the same GlobalIds (a revision
 * keeps its element keys) and 1% of them renamed. Prints {versioned, single, rows, versions, seconds} as JSON.
 */
async function main(): Promise<void> {
  const [dataDir, rowsArg = '153342', versionsArg = '10'] = process.argv.slice(2);
  if (!dataDir) throw new Error('usage: versions-seed <dataDir> [rows per version] [versions]');
  const rows = Number(rowsArg);
  const versions = Number(versionsArg);
  const started = performance.now();
  const store = createSqliteStore({ dataDir });
  const user = await store.users.create({
    username: 'bench_reader',
    email: 'bench_reader@example.com',
    passwordHash: await createPasswordHasher(10).hash('secret12'),
  });
  for (const [projectId, count] of [
    [VERSIONED, versions],
    [SINGLE, 1],
  ] as const) {
    await store.projects.create({
      id: projectId,
      ownerId: user.id,
      isPublic: false,
      name: 'Bench tower',
      fileName: 'bench.ifc',
      fileSize: 0,
      schema: 'IFC4',
    });
    await store.models.create({ id: projectId, projectId, name: 'Bench tower' });
    for (let number = 1; number <= count; number++)
      await seedVersion(store, dataDir, projectId, number, rows);
  }
  await store.close();
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(
    JSON.stringify({ versioned: VERSIONED, single: SINGLE, rows, versions, seconds }) + '\n',
  );
}

async function seedVersion(store: Store, dataDir: string, projectId: string, number: number, rows: number) {
  const record = await store.models.createVersion({
    projectId,
    modelId: projectId,
    fileName: `bench-v${number}.ifc`,
    fileSize: 0,
    uploaderId: null,
    schema: 'IFC4',
  });
  const db = openSqlite(`${dataDir}/aec.sqlite`);
  db.exec(`
    INSERT INTO ifc_elements (project_id, version, "Id", model_id, model_name, version_number, changed_at,
      "ExpressId", "GlobalId", "IfcType", "Name", "Storey", "StoreyElevation", "Building", "Site", "Material",
      "IsExternal", "LoadBearing", "FireRating", "Height", "Width", "Length", "NetVolume", "GrossArea")
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows})
    SELECT '${projectId}', ${record.version}, '${projectId}:' || printf('G%021d', i), '${projectId}', 'Bench tower',
      ${number}, '${record.createdAt}', i, printf('G%021d', i),
      CASE i % 8 ${BENCH_TYPES.map((t, k) => `WHEN ${k} THEN '${t}'`).join(' ')} END,
      CASE WHEN i % 100 = ${number % 100} THEN 'Element ' || i || ' rev ' || ${number} ELSE 'Element ' || i END,
      'Level ' || (i % 40), (i % 40) * 3.5, 'Bench Tower', 'Bench Site',
      CASE i % 3 WHEN 0 THEN 'Concrete' WHEN 1 THEN 'Steel' ELSE NULL END,
      i % 2, (i + 1) % 2, CASE WHEN i % 5 = 0 THEN 'REI 90' ELSE NULL END,
      (i % 400) / 100.0, (i % 50) / 10.0, (i % 700) / 100.0, (i % 900) / 1000.0, (i % 300) / 10.0
    FROM n;`);
  db.close();
  await store.projects.publish(projectId, record.version, {
    schema: 'IFC4',
    elementCount: rows,
    propertyCount: 0,
    spatialCount: 0,
    countsByType: {},
    countsByStorey: {},
  });
  // what a processed upload's row writer does after publishing: JSON check, planner statistics, the wide set
  await store.rows.buildWideElements(projectId, record.version);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
