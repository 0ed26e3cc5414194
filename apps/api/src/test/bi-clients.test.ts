import fs from 'node:fs';
import path from 'node:path';

const REPO = path.resolve(__dirname, '../../../..');
const SHARED = path.join(__dirname, 'bi-clients.ts');
const SKIPPED = new Set(['node_modules', 'dist', '.git', '.state', 'coverage']);

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|js|mjs|cjs)$/.test(entry.name)) yield full;
  }
}

// Tests replay what Power Query sends from one place: a copy would drift from it (one already lacked a header).
describe('Power Query request headers', () => {
  it('are kept once, in apps/api/src/test/bi-clients.ts, and nowhere else in the sources', () => {
    const copies: string[] = [];
    for (const top of ['apps', 'packages', 'interop', 'reliability', 'bench', 'scripts']) {
      const dir = path.join(REPO, top);
      if (!fs.existsSync(dir)) continue;
      for (const file of sourceFiles(dir))
        if (
          file !== SHARED &&
          file !== __filename &&
          fs.readFileSync(file, 'utf8').includes('Microsoft.Data.Mashup')
        )
          copies.push(path.relative(REPO, file));
    }
    expect(copies).toEqual([]);
  });
});
