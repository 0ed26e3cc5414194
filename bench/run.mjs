// `pnpm bench`: builds the app and the bench helpers, runs each benchmark and prints its figures with the targets.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { benchEstimates } from './estimates.bench.mjs';
import { benchIfcBig } from './ifc-big.bench.mjs';
import { benchIfcPipeline } from './ifc-pipeline.bench.mjs';
import { benchODataFeed, reportODataMongo } from './odata-feed.bench.mjs';
import { benchVersions } from './versions.bench.mjs';
import { reportScale } from './scale.bench.mjs';
import { benchPropertyLayouts } from './property-layouts.bench.mjs';
import { TARGETS, judgeTargets, targetLines } from './targets.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
// Helpers are bundled into the API's dist so web-ifc resolves from the API's dependencies.
const OUT = path.join(ROOT, 'apps/api/dist/bench');
execFileSync('pnpm', ['--filter', '@aec/api', 'build'], { cwd: ROOT, stdio: 'inherit' });
mkdirSync(OUT, { recursive: true });
await build({
  entryPoints: {
    'bare-extract': 'bench/bare-extract.ts',
    'connector-estimate': 'bench/connector-estimate.ts',
    'generate-model': 'bench/generate-model.ts',
    'odata-seed': 'bench/odata-seed.ts',
    'odata-reference': 'bench/odata-reference.ts',
    'odata-seed-mongo': 'bench/odata-seed-mongo.ts',
    'odata-reference-mongo': 'bench/odata-reference-mongo.ts',
    'versions-seed': 'bench/versions-seed.ts',
  },
  absWorkingDir: ROOT,
  outdir: OUT,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  external: ['web-ifc', 'libsql', 'bcryptjs'],
  nodePaths: [path.join(ROOT, 'apps/api/node_modules')],
  logLevel: 'warning',
});

const only = process.argv[2];
/** Gzip size of what `/` downloads and of the largest route chunk (the web app is built first for this one). */
function benchWebBundle() {
  execFileSync('pnpm', ['--filter', '@aec/web', 'build'], { cwd: ROOT, stdio: 'ignore' });
  const out = JSON.parse(
    execFileSync(process.execPath, ['apps/web/scripts/bundle-size.mjs', '--json'], {
      cwd: ROOT,
      encoding: 'utf8',
    }),
  );
  return {
    landingGzipKb: +(out.landing.totalGzip / 1024).toFixed(1),
    landingSentBrotliKb: +(out.landing.sentBrotli / 1024).toFixed(1),
    landingSentGzipKb: +(out.landing.sentGzip / 1024).toFixed(1),
    landingUncompressedKb: +(out.landing.totalRaw / 1024).toFixed(1),
    landingFiles: out.landing.files.length,
    largestRouteChunk: out.largestRouteChunk.file,
    largestRouteGzipKb: +(out.largestRouteChunk.gzip / 1024).toFixed(1),
  };
}

const benches = {
  ifc: benchIfcPipeline,
  odata: benchODataFeed,
  web: benchWebBundle,
  estimates: benchEstimates,
  versions: benchVersions,
  big: benchIfcBig,
  scale: reportScale,
  layouts: benchPropertyLayouts,
};
/**
 * Run only when asked for by name (`pnpm bench big`, `pnpm bench scale`: they take minutes; `pnpm bench layouts`:
 * a store-design measurement, not a product figure).
 */
const ON_REQUEST = new Set(['big', 'scale', 'layouts']);
/** Benches that print their own figures, with what each measures. */
const SELF_REPORTING = {
  scale: 'issue 16: API and worker processes on FerretDB',
  layouts: 'property values in SQLite: as stored, definition numbers, packed per element',
};
for (const [name, run] of Object.entries(benches)) {
  if (only ? only !== name : ON_REQUEST.has(name)) continue;
  if (SELF_REPORTING[name]) {
    // Prints its own table (and its caveat or finding).
    console.log(`\n== bench: ${name} (${SELF_REPORTING[name]})`);
    await run();
    continue;
  }
  console.log(`\n== bench: ${name}`);
  const figures = await run();
  console.table(figures);
  if (TARGETS[name]) for (const line of targetLines(judgeTargets(figures, TARGETS[name]))) console.log(line);
  if (name === 'estimates') console.log('target: every sample within 2× (element count, measured time)');
  if (name === 'odata') {
    // BENCH_ODATA_MONGO=skip measures SQLite only (the MongoDB part takes about three minutes more).
    if (process.env.BENCH_ODATA_MONGO === 'skip') console.log('MongoDB: skipped (BENCH_ODATA_MONGO=skip)');
    else await reportODataMongo();
  }
}
