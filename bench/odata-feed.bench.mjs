// OData feed benchmark on 1,000,000 element rows: full pull through nextLink, filtered 100-row pages, $count, and a
// raw scan + JSON.stringify of the same rows as the reference, in the same run. Then the same measurements on
// MongoDB (FerretDB), on fewer rows. Prints figures; asserts nothing.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { percentile, startServer } from './bench-utils.mjs';
import { pullFeed } from './feed-pull.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'apps/api/dist/bench');
const ROWS = Number(process.env.BENCH_ODATA_ROWS ?? 1_000_000);
// FerretDB v1 (SQLite handler) pushes no filter, sort or limit down: every query decodes and sorts the whole
// collection, a few thousand documents per second here. So every filtered page and $count costs a full scan
// and the full pull costs (rows / page size) of them. These defaults keep the MongoDB part near three minutes on
// this machine (2 cores); the row and sample counts used are printed with the figures.
const MONGO_ROWS = Number(process.env.BENCH_ODATA_MONGO_ROWS ?? 20_000);
const MONGO_PAGES = Number(process.env.BENCH_ODATA_MONGO_PAGES ?? 20);
const MONGO_COUNTS = Number(process.env.BENCH_ODATA_MONGO_COUNTS ?? 5);
const JWT_SECRET = 'bench-secret-0123456789abcdefghijklmnop';

const rssMb = (pid) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);

const runJson = (script, args) =>
  JSON.parse(execFileSync(process.execPath, [path.join(OUT, script), ...args], { encoding: 'utf8' }));

/** Starts the built API with the given store settings; resolves once /health answers. */
export const startApi = (storeEnv) => startServer({ LOG_LEVEL: 'warn', JWT_SECRET, ...storeEnv });

/**
 * Signs in as the bench user once the project's wide set is listed in its $metadata. The API completes the
 * post-publish step of versions lacking it in a start-up pass; a seed that leaves it undone would otherwise have
 * that pass run during the measurements. Requests during the pass can fail with ECONNRESET (seen at a million
 * rows on SQLite, where the pass stalls the API for about 6 s, past the keep-alive timeout), so they are retried.
 */
async function signInWhenPrepared(base, projectId, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs;
  let auth;
  for (;;) {
    try {
      if (!auth) {
        const login = await fetch(`${base}/mongo/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'bench_reader', password: 'secret12' }),
        });
        auth = { authorization: `Bearer ${(await login.json()).token}` };
      }
      const metadata = await (
        await fetch(`${base}/api/ifc/odata/projects/${projectId}/$metadata`, { headers: auth })
      ).text();
      if (metadata.includes('EntitySet Name="IFCElementsWide"')) return auth;
    } catch (err) {
      if (err?.cause?.code !== 'ECONNRESET') throw err;
    }
    if (Date.now() > deadline) throw new Error(`${projectId}: no wide set within ${timeoutMs} ms of start`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The feed measurements, identical for both stores: only the sample counts differ (and the wide pull, SQLite). */
export async function measureFeed({ base, pid, projectId, pages, counts, wide = false }) {
  const auth = await signInWhenPrepared(base, projectId);
  const root = `${base}/api/ifc/odata/projects/${projectId}/`;

  // Full pull through nextLink, as Power BI and Tableau do: uncompressed, then with gzip as Power Query asks for it.
  const rssBefore = rssMb(pid);
  let rssPeak = rssBefore;
  const sample = (pages) => {
    if (pages % 20 === 0) rssPeak = Math.max(rssPeak, rssMb(pid));
  };
  const plain = await pullFeed(`${root}IFCElements`, auth, 'identity', sample);
  rssPeak = Math.max(rssPeak, rssMb(pid));
  const gzip = await pullFeed(`${root}IFCElements`, auth, 'gzip', sample);
  const { rows, pages: pulledPages, seconds: pullSeconds } = plain;
  // The wide set (one column per property) is the table Tableau users are told to pick: pulled uncompressed.
  let widePull;
  if (wide) {
    const wideRssBefore = rssMb(pid);
    let wideRssPeak = wideRssBefore;
    const pull = await pullFeed(`${root}IFCElementsWide`, auth, 'identity', (n) => {
      if (n % 20 === 0) wideRssPeak = Math.max(wideRssPeak, rssMb(pid));
    });
    widePull = {
      ...pull,
      bytes: pull.wireBytes,
      rssBefore: wideRssBefore,
      rssPeak: Math.max(wideRssPeak, rssMb(pid)),
    };
  }

  // Filtered 100-row pages.
  const pageTimes = [];
  for (let i = 0; i < pages; i++) {
    const f = encodeURIComponent(
      `IfcType eq 'IfcWall' and Height gt ${(i % 40) / 10} and Storey eq 'Level ${i % 40}'`,
    );
    const t = performance.now();
    const res = await fetch(`${root}IFCElements?$filter=${f}&$top=100&$select=Id,Name,Height`, {
      headers: auth,
    });
    await res.arrayBuffer();
    pageTimes.push(performance.now() - t);
  }
  // $count.
  const countTimes = [];
  for (let i = 0; i < counts; i++) {
    const t = performance.now();
    await (
      await fetch(`${root}IFCElements/$count?$filter=${encodeURIComponent("IfcType eq 'IfcDoor'")}`, {
        headers: auth,
      })
    ).text();
    countTimes.push(performance.now() - t);
  }
  return {
    rows,
    pages: pulledPages,
    pullSeconds,
    gzip,
    plainWireBytes: plain.wireBytes,
    rssBefore,
    rssPeak,
    pageP50: percentile(pageTimes, 0.5),
    pageP99: percentile(pageTimes, 0.99),
    countP50: percentile(countTimes, 0.5),
    widePull,
  };
}

/** The printed figures of one store, in the table's column order. */
function figures(rowCount, seed, reference, m) {
  return {
    rows: rowCount,
    seedSeconds: +seed.seconds.toFixed(1),
    pulledRows: m.rows,
    pages: m.pages,
    fullPullSeconds: +m.pullSeconds.toFixed(2),
    fullPullRowsPerSecond: Math.round(m.rows / m.pullSeconds),
    referenceRowsPerSecond: reference.rowsPerSecond,
    ratioToReference: +(m.rows / m.pullSeconds / reference.rowsPerSecond).toFixed(2),
    wireMb: +(m.plainWireBytes / 1e6).toFixed(1),
    gzipFullPullSeconds: +m.gzip.seconds.toFixed(2),
    gzipFullPullRowsPerSecond: Math.round(m.gzip.rows / m.gzip.seconds),
    gzipWireMb: +(m.gzip.wireBytes / 1e6).toFixed(1),
    gzipSent: m.gzip.coding,
    apiRssBeforeMb: m.rssBefore,
    apiRssPeakDuringPullMb: m.rssPeak,
    rssGrowthMb: m.rssPeak - m.rssBefore,
    filteredPageP50Ms: +m.pageP50.toFixed(1),
    filteredPageP99Ms: +m.pageP99.toFixed(1),
    countP50Ms: +m.countP50.toFixed(1),
    ...(m.widePull
      ? {
          wideBuildSeconds: +seed.wideBuildSeconds.toFixed(1),
          widePulledRows: m.widePull.rows,
          widePageMb: +(m.widePull.bytes / m.widePull.pages / 1024 / 1024).toFixed(1),
          wideFullPullSeconds: +m.widePull.seconds.toFixed(2),
          wideFullPullRowsPerSecond: Math.round(m.widePull.rows / m.widePull.seconds),
          wideRssGrowthMb: m.widePull.rssPeak - m.widePull.rssBefore,
        }
      : {}),
  };
}

export async function benchODataFeed() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aec-odata-bench-'));
  try {
    const seed = runJson('odata-seed.js', [dataDir, String(ROWS)]);
    const reference = runJson('odata-reference.js', [path.join(dataDir, 'aec.sqlite'), seed.projectId]);
    const api = await startApi({ DATA_DIR: dataDir });
    try {
      const m = await measureFeed({ ...api, projectId: seed.projectId, pages: 200, counts: 10, wide: true });
      return figures(ROWS, seed, reference, m);
    } finally {
      await api.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The same benchmark on MongoDB: FerretDB in a temp dir, the rows seeded through the driver, the API started with
 * MONGODB_URI. Resolves to {figures, seconds} or, when FerretDB cannot be started, {skipped: reason}.
 */
export async function benchODataFeedMongo() {
  const started = performance.now();
  const dir = mkdtempSync(path.join(tmpdir(), 'aec-odata-bench-mongo-'));
  const ferret = path.join(dir, 'ferretdb');
  const script = path.join(ROOT, 'scripts/ferretdb.sh');
  try {
    const start = spawnSync('bash', [script, 'start', ferret], { encoding: 'utf8' });
    if (start.status !== 0) {
      const why = start.stderr.trim().split('\n').at(-1) || `exit ${start.status ?? start.signal}`;
      return { skipped: `scripts/ferretdb.sh start failed: ${why}` };
    }
    const uri = start.stdout.trim();
    const seed = runJson('odata-seed-mongo.js', [uri, String(MONGO_ROWS)]);
    const reference = runJson('odata-reference-mongo.js', [uri, seed.projectId]);
    const api = await startApi({ MONGODB_URI: uri, DATA_DIR: path.join(dir, 'api') });
    try {
      const m = await measureFeed({
        ...api,
        projectId: seed.projectId,
        pages: MONGO_PAGES,
        counts: MONGO_COUNTS,
      });
      return {
        figures: {
          ...figures(MONGO_ROWS, seed, reference, m),
          filteredPageSamples: MONGO_PAGES,
          countSamples: MONGO_COUNTS,
          wideBuildSeconds: +seed.wideBuildSeconds.toFixed(1),
        },
        seconds: (performance.now() - started) / 1000,
      };
    } finally {
      await api.stop();
    }
  } finally {
    spawnSync('bash', [script, 'stop', ferret], { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Prints the MongoDB table (or why it was skipped) with the caveat that its figures are FerretDB's. */
export async function reportODataMongo() {
  console.log('\n== bench: odata on MongoDB (FerretDB v1, SQLite handler)');
  const result = await benchODataFeedMongo();
  if (result.skipped) {
    console.log(`MongoDB: skipped — ${result.skipped}`);
    return;
  }
  console.table(result.figures);
  console.log(
    `MongoDB part wall time: ${result.seconds.toFixed(1)} s (FerretDB start, seed, reference, API, measurements, cleanup).`,
  );
  console.log(
    'caveat: FerretDB v1 pushes no filter, sort or limit down to SQLite, so every page and $count scans and sorts the whole collection: these figures measure FerretDB, not the feed. The targets apply to the SQLite table.',
  );
}
