import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * One fetcher per endpoint, one helper per job: the web app's source is read as text and every API path it
 * names is traced to the files that name it. A second copy of a fetcher (or of a helper) is how two screens
 * came to disagree about caching, validation and timeouts.
 */
const src = __dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = sourceFiles(src).map((path) => ({
  path: relative(src, path),
  text: readFileSync(path, 'utf8'),
}));

/** API paths in string and template literals, parameters as `{}` and the query string dropped. */
function apiPaths(text: string): string[] {
  const found = text.match(/['`](\/(?:api|mongo)\/[^'`?\s]*|\/health)(?=[?'`])/g) ?? [];
  return found.map((literal) => literal.slice(1).replace(/\$\{[^}]*\}/g, '{}'));
}

function filesBy(find: (text: string) => string[]): Map<string, string[]> {
  const byKey = new Map<string, string[]>();
  for (const file of files) {
    for (const key of new Set(find(file.text))) byKey.set(key, [...(byKey.get(key) ?? []), file.path]);
  }
  return byKey;
}

describe('web data layer', () => {
  it('names each API endpoint in one file only', () => {
    const repeated = [...filesBy(apiPaths)].filter(([, paths]) => paths.length > 1);
    expect(repeated).toEqual([]);
    // The scan does see the endpoints (a scan that finds nothing would pass anything).
    expect(filesBy(apiPaths).get('/api/ifc/projects')).toHaveLength(1);
  });

  it('defines each shared helper once', () => {
    const definitions = (text: string) =>
      [
        ...text.matchAll(
          /(?:function|const)\s+(formatFileSize|formatBytes|downloadBlob|saveBlob|createFeedToken|getProjects)\b/g,
        ),
      ].map((m) => (m[1] === 'formatBytes' ? 'formatFileSize' : m[1]!));
    const repeated = [...filesBy(definitions)].filter(([, paths]) => paths.length > 1);
    expect(repeated).toEqual([]);
  });

  it('fetches the file-size helper from the shared contract, as the API does', () => {
    const local = files.filter((f) => /function formatFileSize|formatFileSize\s*=/.test(f.text));
    expect(local.map((f) => f.path)).toEqual([]);
  });
});
