// `pnpm bench layouts`: three ways to store a version's property values in SQLite (libsql alone, no server),
// measured on rows shaped like the 100 MB bench model's (921,844 values on 135,300 elements, 63 definitions, about
// 60% numeric): as the row writer stores them today (a row per value, its definition joined from a TEMP table),
// with the definition's number stored instead of its columns, and packed (one JSON text per element). Writes and
// the reads the feed makes (1,000-row pages by "Id", a count, a filtered count), and whether SQLite's JSON reader
// gives back the doubles JavaScript wrote; for the packed layout, also what expanding the packs into today's table
// afterwards costs (were packs only a job's way to "ready"). Prints figures; asserts nothing. The data is synthetic
// (a seeded generator), the statements are the shapes the store uses; the findings are in docs/performance-log.md.
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const require = createRequire(path.resolve(import.meta.dirname, '../apps/api/package.json'));
const Database = require('libsql');

const ELEMENTS = 135_300;
const VALUES = 921_844;
const DEFS = 63;
const ROWS_PER_STATEMENT = 64;
const ROWS_PER_TRANSACTION = 1_000;
const PAGE = 1_000;
const PROJECT = 'p_0123456789abcdef0123456789abcdef';
const SHARED = [PROJECT, 1, PROJECT, 'Bench model.ifc', 1];

/** mulberry32: the same rows in every run. */
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Flat rows of five values: element GlobalId, ExpressId, value text, numeric value or null, definition number. */
function propertyValues() {
  const random = generator(17);
  const chars = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';
  const values = [];
  const elementStarts = [];
  for (let e = 0; e < ELEMENTS; e++) {
    let gid = '';
    for (let i = 0; i < 22; i++) gid += chars[Math.floor(random() * 64)];
    const count =
      e === ELEMENTS - 1 ? VALUES - values.length / 5 : Math.round(VALUES / ELEMENTS + (random() - 0.5) * 8);
    elementStarts.push(values.length / 5);
    for (let k = 0; k < count; k++) {
      const numeric = random() < 0.6 ? Math.round(random() * 1e7) / 10 ** Math.floor(random() * 6) : null;
      const text = numeric === null ? (random() < 0.5 ? 'TRUE' : 'Concrete C30/37') : String(numeric);
      values.push(gid, e * 13 + 7, text, numeric, 1 + Math.floor(random() * DEFS));
    }
  }
  return { values, elementStarts };
}

function open(dir, name) {
  const db = new Database(path.join(dir, `${name}.db`));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.exec(`CREATE TABLE projects (id TEXT PRIMARY KEY); INSERT INTO projects VALUES ('${PROJECT}');`);
  return db;
}

const SHARED_COLUMNS = 'project_id, version, model_id, model_name, version_number';
const PROJECT_COLUMNS = `project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE, version INTEGER NOT NULL,
  model_id TEXT NOT NULL, model_name TEXT NOT NULL, version_number INTEGER NOT NULL`;
const DEF_COLUMNS = '"SetName", "SetKind", "PropertyName", "Unit", "ValueType"';
const defRow = (d) => [
  d,
  `Pset_Common_${d % 9}`,
  'PropertySet',
  `Property ${d}`,
  d % 3 ? null : 'mm',
  'IfcLabel',
];

/**
 * Runs `statementFor(rows)` over flat rows of five values in transactions of ROWS_PER_TRANSACTION, 64-row
 * statements, each bound to its rows' values and then SHARED; answers the seconds it took.
 */
function insertFlat(db, values, statementFor) {
  const start = performance.now();
  const rows = values.length / 5;
  for (let first = 0; first < rows; first += ROWS_PER_TRANSACTION) {
    const end = Math.min(rows, first + ROWS_PER_TRANSACTION);
    db.exec('BEGIN IMMEDIATE');
    for (let r = first; r < end; r += ROWS_PER_STATEMENT) {
      const count = Math.min(ROWS_PER_STATEMENT, end - r);
      const bound = values.slice(r * 5, (r + count) * 5);
      bound.push(...SHARED);
      statementFor(count).run(bound);
    }
    db.exec('COMMIT');
  }
  return (performance.now() - start) / 1000;
}

function valuesStatements(db, sql) {
  const cache = new Map();
  return (rows) => {
    let statement = cache.get(rows);
    if (!statement) {
      const tuples = Array.from(
        { length: rows },
        (_, r) => `(${Array.from({ length: 5 }, (_, c) => `?${r * 5 + c + 1}`).join(', ')})`,
      );
      const shared = SHARED.map((_, i) => `?${rows * 5 + i + 1}`).join(', ');
      statement = db.prepare(sql(tuples.join(', '), shared));
      cache.set(rows, statement);
    }
    return statement;
  };
}

/** The row-per-value table the store has today, with its index on the version's rows. */
const TODAY_TABLE = `CREATE TABLE ifc_properties ("Id" INTEGER PRIMARY KEY, ${PROJECT_COLUMNS},
      "ElementGlobalId" TEXT, "ElementExpressId" INTEGER, "Value" TEXT, "NumericValue" REAL, ${DEF_COLUMNS});
    CREATE INDEX ifc_properties_project ON ifc_properties (project_id, version, "Id");`;

/** Today's layout: a row per value with every column, the definition joined from a TEMP table as it is inserted. */
function asStoredToday(dir, values) {
  const db = open(dir, 'today');
  db.exec(`${TODAY_TABLE}
    CREATE TEMP TABLE property_defs (id INTEGER PRIMARY KEY, ${DEF_COLUMNS});`);
  const def = db.prepare('INSERT INTO temp.property_defs VALUES (?, ?, ?, ?, ?, ?)');
  for (let d = 1; d <= DEFS; d++) def.run(defRow(d));
  const seconds = insertFlat(
    db,
    values,
    valuesStatements(
      db,
      (
        tuples,
        shared,
      ) => `INSERT INTO ifc_properties (${SHARED_COLUMNS}, "ElementGlobalId", "ElementExpressId",
         "Value", "NumericValue", ${DEF_COLUMNS})
       SELECT ${shared}, v.column1, v.column2, v.column3, v.column4, d."SetName", d."SetKind", d."PropertyName",
         d."Unit", d."ValueType"
       FROM (VALUES ${tuples}) AS v CROSS JOIN temp.property_defs AS d ON d.id = v.column5`,
    ),
  );
  return { db, seconds, table: 'ifc_properties' };
}

/** A row per value storing its definition's number; the definitions in a table of their own, joined by a view. */
function withDefinitionNumbers(dir, values) {
  const db = open(dir, 'numbers');
  db.exec(`CREATE TABLE property_values ("Id" INTEGER PRIMARY KEY, ${PROJECT_COLUMNS},
      "ElementGlobalId" TEXT, "ElementExpressId" INTEGER, "Value" TEXT, "NumericValue" REAL, def INTEGER NOT NULL);
    CREATE INDEX property_values_project ON property_values (project_id, version, "Id");
    CREATE TABLE property_defs (project_id TEXT NOT NULL, version INTEGER NOT NULL, id INTEGER NOT NULL, ${DEF_COLUMNS},
      PRIMARY KEY (project_id, version, id)) WITHOUT ROWID;
    CREATE VIEW properties AS SELECT v."Id", v.project_id, v.version, v."ElementGlobalId", v."ElementExpressId",
      d."SetName", d."SetKind", d."PropertyName", v."Value", v."NumericValue", d."Unit", d."ValueType"
      FROM property_values v CROSS JOIN property_defs d
        ON d.project_id = v.project_id AND d.version = v.version AND d.id = v.def;`);
  const def = db.prepare('INSERT INTO property_defs VALUES (?, 1, ?, ?, ?, ?, ?, ?)');
  for (let d = 1; d <= DEFS; d++) def.run([PROJECT, ...defRow(d)]);
  const seconds = insertFlat(
    db,
    values,
    valuesStatements(
      db,
      (
        tuples,
        shared,
      ) => `INSERT INTO property_values (${SHARED_COLUMNS}, "ElementGlobalId", "ElementExpressId",
         "Value", "NumericValue", def)
       SELECT ${shared}, v.column1, v.column2, v.column3, v.column4, v.column5 FROM (VALUES ${tuples}) AS v`,
    ),
  );
  return { db, seconds, table: 'properties' };
}

/**
 * One row per element, its values one JSON text of [definition, value, numeric value] triples; the view expands
 * them. A value's "Id" is its pack's first Id plus its position; pages are found through the pack's last Id.
 */
function packedPerElement(dir, values, elementStarts) {
  const db = open(dir, 'packed');
  db.exec(`CREATE TABLE property_packs ("FirstId" INTEGER PRIMARY KEY, "LastId" INTEGER NOT NULL, ${PROJECT_COLUMNS},
      "ElementGlobalId" TEXT, "ElementExpressId" INTEGER, packed TEXT NOT NULL);
    CREATE INDEX property_packs_project ON property_packs (project_id, version, "LastId");
    CREATE TABLE property_defs (project_id TEXT NOT NULL, version INTEGER NOT NULL, id INTEGER NOT NULL, ${DEF_COLUMNS},
      PRIMARY KEY (project_id, version, id)) WITHOUT ROWID;
    CREATE VIEW properties AS SELECT p."FirstId" + j.key AS "Id", p."LastId" AS "PackLastId", p.project_id, p.version,
      p."ElementGlobalId", p."ElementExpressId", d."SetName", d."SetKind", d."PropertyName", j.value ->> 1 AS "Value",
      j.value ->> 2 AS "NumericValue", d."Unit", d."ValueType"
      FROM property_packs p CROSS JOIN json_each(p.packed) AS j CROSS JOIN property_defs d
        ON d.project_id = p.project_id AND d.version = p.version AND d.id = j.value ->> 0;`);
  const def = db.prepare('INSERT INTO property_defs VALUES (?, 1, ?, ?, ?, ?, ?, ?)');
  for (let d = 1; d <= DEFS; d++) def.run([PROJECT, ...defRow(d)]);
  const start = performance.now();
  const packs = [];
  for (let e = 0; e < elementStarts.length; e++) {
    const first = elementStarts[e];
    const end = e + 1 < elementStarts.length ? elementStarts[e + 1] : VALUES;
    const triples = [];
    for (let r = first; r < end; r++) triples.push([values[r * 5 + 4], values[r * 5 + 2], values[r * 5 + 3]]);
    packs.push(first + 1, end, values[first * 5], values[first * 5 + 1], JSON.stringify(triples));
  }
  const packingSeconds = (performance.now() - start) / 1000;
  const seconds = insertFlat(
    db,
    packs,
    valuesStatements(
      db,
      (
        tuples,
        shared,
      ) => `INSERT INTO property_packs ("FirstId", "LastId", ${SHARED_COLUMNS}, "ElementGlobalId",
         "ElementExpressId", packed)
       SELECT v.column1, v.column2, ${shared}, v.column3, v.column4, v.column5 FROM (VALUES ${tuples}) AS v`,
    ),
  );
  return {
    db,
    seconds,
    packingSeconds,
    table: 'properties',
    packed: true,
  };
}

/** The feed's reads of one version: every 1,000-row page by "Id", a count, a count filtered by name and number. */
function reads({ db, table, packed }) {
  const columns = '"Id", "ElementGlobalId", "SetName", "PropertyName", "Value", "NumericValue", "Unit"';
  const page = db
    .prepare(
      packed
        ? `SELECT ${columns} FROM ${table} WHERE project_id = ?1 AND version = 1 AND "PackLastId" > ?2 AND "Id" > ?2
           ORDER BY "PackLastId", "Id" LIMIT ${PAGE}`
        : `SELECT ${columns} FROM ${table} WHERE project_id = ? AND version = 1 AND "Id" > ? ORDER BY "Id" LIMIT ${PAGE}`,
    )
    .raw(true);
  let start = performance.now();
  let after = 0;
  let rows = 0;
  let inOrder = true;
  for (;;) {
    const got = page.all(PROJECT, after);
    for (const row of got) {
      if (row[0] <= after) inOrder = false;
      after = row[0];
    }
    rows += got.length;
    if (got.length < PAGE) break;
  }
  const pageWalkSeconds = (performance.now() - start) / 1000;
  start = performance.now();
  const { n } = db
    .prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE project_id = ? AND version = 1`)
    .get(PROJECT);
  const countSeconds = (performance.now() - start) / 1000;
  start = performance.now();
  const filtered = db
    .prepare(
      `SELECT COUNT(*) AS n FROM ${table} WHERE project_id = ? AND version = 1 AND "PropertyName" = 'Property 7'
       AND "NumericValue" > 10`,
    )
    .get(PROJECT).n;
  const filterSeconds = (performance.now() - start) / 1000;
  return { rows, inOrder, n, filtered, pageWalkSeconds, countSeconds, filterSeconds };
}

/**
 * The packed layout's other half, if packs were only how a job stores its values until "ready": the values expanded
 * into today's row-per-value table afterwards, inside SQLite (no binding), as a step after the publish would.
 */
function expandPacks({ db }) {
  const [project, , modelId, modelName, versionNumber] = SHARED;
  db.exec(TODAY_TABLE);
  const start = performance.now();
  db.exec('BEGIN');
  const { changes } = db
    .prepare(
      `INSERT INTO ifc_properties ("Id", ${SHARED_COLUMNS}, "ElementGlobalId", "ElementExpressId", "Value",
         "NumericValue", ${DEF_COLUMNS})
       SELECT "Id", project_id, version, ?2, ?3, ?4, "ElementGlobalId", "ElementExpressId", "Value", "NumericValue",
         ${DEF_COLUMNS}
       FROM properties WHERE project_id = ?1 AND version = 1`,
    )
    .run(project, modelId, modelName, versionNumber);
  db.exec('COMMIT');
  return { seconds: (performance.now() - start) / 1000, rows: changes };
}

/** Of a million decimals JavaScript wrote into JSON, how many SQLite's JSON reader gives back as another double. */
function jsonDoubleMismatches(dir) {
  const db = new Database(path.join(dir, 'doubles.db'));
  const random = generator(5);
  const read = db.prepare('SELECT j.key, j.value FROM json_each(?) AS j').raw(true);
  let mismatches = 0;
  let example = null;
  for (let round = 0; round < 20; round++) {
    const xs = Array.from(
      { length: 50_000 },
      () => Math.round(random() * 1e7) / 10 ** Math.floor(random() * 8),
    );
    for (const [key, value] of read.all(JSON.stringify(xs))) {
      if (Object.is(value, xs[key])) continue;
      mismatches++;
      example ??= `${xs[key]} read as ${value}`;
    }
  }
  db.close();
  return { mismatches, example };
}

export async function benchPropertyLayouts() {
  const dir = mkdtempSync(path.join(tmpdir(), 'aec-layouts-'));
  try {
    const { values, elementStarts } = propertyValues();
    const figures = {};
    for (const [name, build] of [
      ['asStoredToday', () => asStoredToday(dir, values)],
      ['definitionNumbers', () => withDefinitionNumbers(dir, values)],
      ['packedPerElement', () => packedPerElement(dir, values, elementStarts)],
    ]) {
      const layout = build();
      const read = reads(layout);
      const expanded = layout.packed ? expandPacks(layout) : null;
      layout.db.pragma('wal_checkpoint(TRUNCATE)');
      layout.db.close();
      const file = path.join(
        dir,
        `${{ asStoredToday: 'today', definitionNumbers: 'numbers', packedPerElement: 'packed' }[name]}.db`,
      );
      figures[name] = {
        insertSeconds: +layout.seconds.toFixed(2),
        jsonTextsSeconds: layout.packingSeconds === undefined ? '—' : +layout.packingSeconds.toFixed(2),
        fileMb: Math.round(statSync(file).size / 1e6),
        pageWalkSeconds: +read.pageWalkSeconds.toFixed(2),
        countSeconds: +read.countSeconds.toFixed(3),
        filteredCountSeconds: +read.filterSeconds.toFixed(3),
        rowsRead: read.rows,
        pagesInIdOrder: read.inOrder,
        counted: read.n,
        filtered: read.filtered,
        expandedAfterwardSeconds: expanded ? +expanded.seconds.toFixed(2) : '—',
        rowsExpanded: expanded ? expanded.rows : '—',
      };
    }
    console.table(figures);
    const doubles = jsonDoubleMismatches(dir);
    console.log(
      `SQLite's JSON reader: ${doubles.mismatches} of 1,000,000 decimals came back as another double` +
        (doubles.example ? ` (e.g. ${doubles.example})` : ''),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
