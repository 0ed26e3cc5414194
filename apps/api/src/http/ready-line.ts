/** The address people open: a wildcard host is reachable as localhost; IPv6 literals need brackets in a URL. */
export function displayUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/** The MongoDB server named without user, password or options (they may be secrets). */
function mongoTarget(uri: string): string {
  const afterScheme = uri.replace(/^mongodb(\+srv)?:\/\//, '');
  const hosts = afterScheme.split('/')[0]?.split('@').pop() ?? '';
  const database = afterScheme.split('/')[1]?.split('?')[0];
  return `MongoDB at ${hosts}${database ? `/${database}` : ''}`;
}

/**
 * The one plain line `pnpm start` prints when the server is ready: where to open it, where its data lives, and which
 * role and instance it is (several instances may log to one place).
 */
export function readyLine(o: {
  host: string;
  port: number;
  dataDir: string;
  store: 'sqlite' | 'mongodb';
  sqliteFile: string;
  mongoUri?: string;
  role: 'all' | 'api' | 'worker';
  instanceId: string;
}): string {
  const store = o.store === 'mongodb' && o.mongoUri ? mongoTarget(o.mongoUri) : `SQLite ${o.sqliteFile}`;
  const where = `data folder ${o.dataDir}, store ${store}, role ${o.role} as ${o.instanceId}`;
  return `AEC Con-Tech Data Tools is ready at ${displayUrl(o.host, o.port)} (${where})`;
}
