import { createRequire } from 'node:module';
import path from 'node:path';
import type { TestServer } from './server';

// libsql is the API's dependency, not the web app's: resolve it from there.
const requireFromApi = createRequire(path.resolve(__dirname, '../../../api/package.json'));

type Statement = { run: (...params: unknown[]) => { changes: number } };
type Database = { prepare: (sql: string) => Statement; close: () => void };

/**
 * Gives an existing account a name today's signup would refuse, as accounts made under the older rules have.
 * Only the embedded store of a test server, which runs in WAL mode and so accepts this second writer.
 */
export function renameInDatabase(server: TestServer, from: string, to: string): void {
  const Sqlite = requireFromApi('libsql') as new (file: string) => Database;
  const db = new Sqlite(path.join(server.dataDir, 'aec.sqlite'));
  try {
    const { changes } = db
      .prepare('UPDATE users SET username = ?, username_key = ? WHERE username_key = ?')
      .run(to, to.toLowerCase(), from.toLowerCase());
    if (changes !== 1) throw new Error(`no account named ${from}`);
  } finally {
    db.close();
  }
}
