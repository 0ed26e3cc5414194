import { createSqliteStore } from '../apps/api/src/store/sqlite/sqlite-store';
import { openSqlite } from '../apps/api/src/store/sqlite/database';
import { BENCH_TYPES, createBenchProject } from './bench-project';

/**
 * Seeds DATA_DIR with one user and one ready project of N element rows, generated inside SQLite by a recursive
 * CTE (seconds for a million rows). Prints {projectId, rows, seconds} as JSON.
 */
async function main(): Promise<void> {
  const [dataDir, rowsArg = '1000000'] = process.argv.slice(2);
  if (!dataDir) throw new Error('usage: odata-seed <dataDir> [rows]');
  const rows = Number(rowsArg);
  const started = performance.now();
  const store = createSqliteStore({ dataDir });
  const projectId = 'proj_bench_million';
  const { version } = await createBenchProject(store, projectId);
  await store.close();

  const db = openSqlite(`${dataDir}/aec.sqlite`);
  db.exec(`
    INSERT INTO ifc_elements (project_id, version, "Id", "ExpressId", "GlobalId", "IfcType", "Name", "Storey",
      "StoreyElevation", "Building", "Site", "Material", "IsExternal", "LoadBearing", "FireRating", "Height", "Width",
      "Length", "NetVolume", "GrossArea")
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows})
    SELECT '${projectId}', ${version}, '${projectId}:' || printf('%010d', i), i, printf('G%021d', i),
      CASE i % 8 ${BENCH_TYPES.map((t, k) => `WHEN ${k} THEN '${t}'`).join(' ')} END,
      'Element ' || i, 'Level ' || (i % 40), (i % 40) * 3.5, 'Bench Tower', 'Bench Site',
      CASE i % 3 WHEN 0 THEN 'Concrete' WHEN 1 THEN 'Steel' ELSE NULL END,
      i % 2, (i + 1) % 2, CASE WHEN i % 5 = 0 THEN 'REI 90' ELSE NULL END,
      (i % 400) / 100.0, (i % 50) / 10.0, (i % 700) / 100.0, (i % 900) / 1000.0, (i % 300) / 10.0
    FROM n;`);
  db.close();

  const again = createSqliteStore({ dataDir });
  await again.projects.publish(projectId, version, {
    schema: 'IFC4',
    elementCount: rows,
    propertyCount: 0,
    spatialCount: 0,
    countsByType: {},
    countsByStorey: {},
  });
  // What a processed upload's row writer does once the version is published: the JSON check, planner statistics
  // and the wide element set.
  await again.rows.buildWideElements(projectId, version);
  await again.close();
  process.stdout.write(
    JSON.stringify({ projectId, rows, seconds: (performance.now() - started) / 1000 }) + '\n',
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
