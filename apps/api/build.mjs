// Bundles the API and its IFC worker (with the workspace packages they import) into dist/; npm dependencies stay
// external.
import { build, context } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@aec/'));

const options = {
  absWorkingDir: path.dirname(fileURLToPath(import.meta.url)),
  entryPoints: {
    server: 'src/server.ts',
    'ifc-worker': 'src/modules/ifc/worker/ifc-worker.ts',
    'row-writer': 'src/modules/ifc/worker/row-writer.ts',
    'wal-checkpointer-thread': 'src/store/sqlite/wal-checkpointer-thread.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external,
  logLevel: 'warning',
};

if (process.argv.includes('--watch')) {
  const ctx = await context(options);
  await ctx.watch();
} else {
  await build(options);
}
