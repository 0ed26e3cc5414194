import Database from 'libsql';

/** The reference the feed is compared with: a raw scan of the same rows plus JSON.stringify, no HTTP, no OData. */
function main(): void {
  const [file, projectId] = process.argv.slice(2);
  if (!file || !projectId) throw new Error('usage: odata-reference <aec.sqlite> <projectId>');
  const db = new Database(file, { readonly: true });
  const started = performance.now();
  let rows = 0;
  let bytes = 0;
  for (const row of db
    .prepare('SELECT * FROM ifc_elements WHERE project_id = ? ORDER BY "Id"')
    .iterate(projectId)) {
    bytes += JSON.stringify(row).length;
    rows++;
  }
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(
    JSON.stringify({ rows, seconds, rowsPerSecond: Math.round(rows / seconds), mb: bytes / 1e6 }) + '\n',
  );
}

main();
