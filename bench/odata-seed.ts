import { createSqliteStore } from '../apps/api/src/store/sqlite/sqlite-store';
import { openSqlite } from '../apps/api/src/store/sqlite/database';
import { BENCH_TYPES, createBenchProject } from './bench-project';

/**
 * The property values every bench element gets (what the wide set turns into columns): booleans, labels and
 * quantities in three sets, about what a wall carries in an exported model. [set, kind, property, Value, NumericValue]
 * as SQL over the element number i.
 */
const BENCH_PROPERTIES: [string, string, string, string, string][] = [
  ['Pset_WallCommon', 'PropertySet', 'IsExternal', "CASE i % 2 WHEN 0 THEN 'false' ELSE 'true' END", 'NULL'],
  ['Pset_WallCommon', 'PropertySet', 'LoadBearing', "CASE i % 3 WHEN 0 THEN 'true' ELSE 'false' END", 'NULL'],
  ['Pset_WallCommon', 'PropertySet', 'FireRating', "'REI ' || (30 * (1 + i % 4))", 'NULL'],
  ['Pset_WallCommon', 'PropertySet', 'Reference', "'Type ' || (i % 25)", 'NULL'],
  ['Qto_BaseQuantities', 'QuantitySet', 'Length', 'NULL', '(i % 700) / 100.0'],
  ['Qto_BaseQuantities', 'QuantitySet', 'Height', 'NULL', '(i % 400) / 100.0'],
  ['Qto_BaseQuantities', 'QuantitySet', 'NetVolume', 'NULL', '(i % 900) / 1000.0'],
  ['Qto_BaseQuantities', 'QuantitySet', 'GrossArea', 'NULL', '(i % 300) / 10.0'],
  ['AEC_Cost', 'PropertySet', 'Phase', "'Phase ' || (i % 5)", 'NULL'],
  ['AEC_Cost', 'PropertySet', 'UnitCost', 'NULL', '(i % 1000) * 1.25'],
];

/**
 * Seeds DATA_DIR with one user and one ready project of N element rows with their property values, generated
 * inside SQLite by recursive CTEs, then runs the post-publish step (JSON check, wide set) as a processed upload
 * would. Prints {projectId, rows, properties, seconds, wideBuildSeconds} as JSON.
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
  // Each element's values together, in element order, as the extractor writes them.
  // Set, kind and property are names (SQL strings); Value and NumericValue are expressions over i.
  const sql = (at: number, text: string) => (at < 3 ? `'${text}'` : text);
  const pick = (at: number) =>
    `CASE k ${BENCH_PROPERTIES.map((p, k) => `WHEN ${k} THEN ${sql(at, p[at]!)}`).join(' ')} END`;
  db.exec(`
    INSERT INTO ifc_properties (project_id, version, "ElementGlobalId", "ElementExpressId", "SetName", "SetKind",
      "PropertyName", "Value", "NumericValue", "Unit", "ValueType")
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows}),
      p(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM p WHERE k < ${BENCH_PROPERTIES.length - 1})
    SELECT '${projectId}', ${version}, printf('G%021d', i), i, ${pick(0)}, ${pick(1)}, ${pick(2)},
      coalesce(${pick(3)}, CAST(${pick(4)} AS TEXT)), ${pick(4)}, NULL,
      CASE WHEN ${pick(4)} IS NOT NULL THEN 'IfcReal' WHEN ${pick(2)} IN ('IsExternal', 'LoadBearing') THEN 'IfcBoolean'
        ELSE 'IfcLabel' END
    FROM n CROSS JOIN p;`);
  db.close();

  const again = createSqliteStore({ dataDir });
  await again.projects.publish(projectId, version, {
    schema: 'IFC4',
    elementCount: rows,
    propertyCount: rows * BENCH_PROPERTIES.length,
    spatialCount: 0,
    countsByType: {},
    countsByStorey: {},
  });
  // What a processed upload's row writer does once the version is published: the JSON check, planner statistics
  // and the wide element set.
  const wideStarted = performance.now();
  await again.rows.buildWideElements(projectId, version);
  await again.close();
  const seconds = (performance.now() - started) / 1000;
  const wideBuildSeconds = (performance.now() - wideStarted) / 1000;
  const properties = rows * BENCH_PROPERTIES.length;
  process.stdout.write(JSON.stringify({ projectId, rows, properties, seconds, wideBuildSeconds }) + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
