// OData feed benchmark on 1,000,000 element rows: full pull through nextLink, filtered 100-row pages, $count, and a
// raw scan + JSON.stringify of the same rows as the reference, in the same run. Prints figures; asserts nothing.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, percentile, waitForHealth } from './bench-utils.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'apps/api/dist/bench');
const ROWS = Number(process.env.BENCH_ODATA_ROWS ?? 1_000_000);

const rssMb = (pid) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);

export async function benchODataFeed() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aec-odata-bench-'));
  const seed = JSON.parse(
    execFileSync(process.execPath, [path.join(OUT, 'odata-seed.js'), dataDir, String(ROWS)], {
      encoding: 'utf8',
    }),
  );
  const reference = JSON.parse(
    execFileSync(
      process.execPath,
      [path.join(OUT, 'odata-reference.js'), path.join(dataDir, 'aec.sqlite'), seed.projectId],
      { encoding: 'utf8' },
    ),
  );
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(ROOT, 'apps/api/dist/server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'bench-secret-0123456789abcdefghijklmnop',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(base);
    const login = await fetch(`${base}/mongo/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench_reader', password: 'secret12' }),
    });
    const { token } = await login.json();
    const auth = { authorization: `Bearer ${token}` };
    const root = `${base}/api/ifc/odata/projects/${seed.projectId}/`;

    // Full pull through nextLink, as Power BI and Tableau do.
    const rssBefore = rssMb(server.pid);
    let rssPeak = rssBefore;
    let next = `${root}IFCElements`;
    let rows = 0;
    let pages = 0;
    const started = performance.now();
    while (next) {
      const page = await (await fetch(next, { headers: auth })).json();
      rows += page.value.length;
      pages++;
      next = page['@odata.nextLink'];
      if (pages % 20 === 0) rssPeak = Math.max(rssPeak, rssMb(server.pid));
    }
    const pullSeconds = (performance.now() - started) / 1000;
    rssPeak = Math.max(rssPeak, rssMb(server.pid));

    // Filtered 100-row pages.
    const pageTimes = [];
    for (let i = 0; i < 200; i++) {
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
    for (let i = 0; i < 10; i++) {
      const t = performance.now();
      await (
        await fetch(`${root}IFCElements/$count?$filter=${encodeURIComponent("IfcType eq 'IfcDoor'")}`, {
          headers: auth,
        })
      ).text();
      countTimes.push(performance.now() - t);
    }
    return {
      rows: ROWS,
      seedSeconds: +seed.seconds.toFixed(1),
      pulledRows: rows,
      pages,
      fullPullSeconds: +pullSeconds.toFixed(2),
      fullPullRowsPerSecond: Math.round(rows / pullSeconds),
      referenceRowsPerSecond: reference.rowsPerSecond,
      ratioToReference: +(rows / pullSeconds / reference.rowsPerSecond).toFixed(2),
      apiRssBeforeMb: rssBefore,
      apiRssPeakDuringPullMb: rssPeak,
      rssGrowthMb: rssPeak - rssBefore,
      filteredPageP50Ms: +percentile(pageTimes, 0.5).toFixed(1),
      filteredPageP99Ms: +percentile(pageTimes, 0.99).toFixed(1),
      countP50Ms: +percentile(countTimes, 0.5).toFixed(1),
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
