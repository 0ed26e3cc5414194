// Ten versions of one model kept (retention "keep all") against the same model kept once: the latest version's
// filtered 100-row page and full pull, on SQLite, through the real server. Prints figures; asserts nothing.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { measureFeed, startApi } from './odata-feed.bench.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'apps/api/dist/bench');
// the 100 MB bench model's product count
const ROWS = Number(process.env.BENCH_VERSIONS_ROWS ?? 153_342);
const VERSIONS = Number(process.env.BENCH_VERSIONS ?? 10);

export async function benchVersions() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aec-versions-bench-'));
  try {
    const seed = JSON.parse(
      execFileSync(
        process.execPath,
        [path.join(OUT, 'versions-seed.js'), dataDir, String(ROWS), String(VERSIONS)],
        {
          encoding: 'utf8',
        },
      ),
    );
    const api = await startApi({ DATA_DIR: dataDir });
    try {
      // alternately, twice each, so load on the machine falls on both alike
      const runs = { single: [], versioned: [] };
      for (const name of ['single', 'versioned', 'single', 'versioned']) {
        runs[name].push(await measureFeed({ ...api, projectId: seed[name], pages: 200, counts: 5 }));
      }
      const best = (list, key) => Math.min(...list.map((m) => m[key]));
      const pull = (name) => best(runs[name], 'pullSeconds');
      const p50 = (name) => best(runs[name], 'pageP50');
      return {
        rowsPerVersion: ROWS,
        versions: VERSIONS,
        seedSeconds: +seed.seconds.toFixed(1),
        pulledRows: runs.versioned[0].rows,
        singleFullPullSeconds: +pull('single').toFixed(2),
        versionedFullPullSeconds: +pull('versioned').toFixed(2),
        fullPullRatio: +(pull('versioned') / pull('single')).toFixed(2),
        singleFilteredPageP50Ms: +p50('single').toFixed(1),
        versionedFilteredPageP50Ms: +p50('versioned').toFixed(1),
        versionedFilteredPageP99Ms: +best(runs.versioned, 'pageP99').toFixed(1),
      };
    } finally {
      await api.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
