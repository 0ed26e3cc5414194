import Database from 'libsql';
import type { ProjectRow, Row } from './fixture';

/** The fixture rows in an in-memory SQLite database, tables named as the fixture model maps them. */
export function openFixtureDb(
  rows: readonly Row[],
  projects: readonly ProjectRow[],
): InstanceType<typeof Database> {
  const db = new Database(':memory:');
  db.exec(`CREATE TABLE "Elements" (Id INTEGER PRIMARY KEY, Name TEXT, Area REAL, cnt INTEGER, Price REAL, Big INTEGER,
    IsExternal INTEGER, Created TEXT, Day TEXT, Uid TEXT, ProjectId INTEGER)`);
  db.exec('CREATE TABLE "Projects" (Id INTEGER PRIMARY KEY, Title TEXT)');
  const element = db.prepare('INSERT INTO "Elements" VALUES (?,?,?,?,?,?,?,?,?,?,?)');
  for (const r of rows) {
    element.run([
      r.Id,
      r.Name,
      r.Area,
      r.Count,
      r.Price,
      r.Big,
      r.IsExternal === null ? null : r.IsExternal ? 1 : 0,
      r.Created,
      r.Day,
      r.Uid,
      r.ProjectId,
    ]);
  }
  const project = db.prepare('INSERT INTO "Projects" VALUES (?,?)');
  for (const p of projects) project.run([p.Id, p.Title]);
  return db;
}
