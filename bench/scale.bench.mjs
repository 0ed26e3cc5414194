// `pnpm bench scale` (issue 16): the product as separate API and worker processes on one MongoDB-compatible server
// (FerretDB, started here): upload → ready of 4 concurrent generated models with 1 worker and with 2 workers, and
// the OData full-pull rate of those 4 projects through 1 and 2 API instances. Prints figures; asserts nothing.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pullFeed } from './feed-pull.mjs';
import { signIn, startServer, uploadFile } from './bench-utils.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'apps/api/dist/bench');
const MODELS = path.join(ROOT, '.bench');
const MB = Number(process.env.BENCH_SCALE_MB ?? 25);
const UPLOADS = 4;
const SECRET = 'bench-scale-secret-0123456789abcdefghij';

/** One instance of the built server with a role, on its own port and data folder (its environment this alone). */
async function startInstance(role, id, uri, dir) {
  const dataDir = path.join(dir, id);
  mkdirSync(dataDir, { recursive: true });
  const env = {
    ROLE: role,
    INSTANCE_ID: id,
    DATA_DIR: dataDir,
    MONGODB_URI: uri,
    JWT_SECRET: SECRET,
    LOG_LEVEL: 'warn',
    MAX_UPLOAD_MB: String(MB * 2),
  };
  return startServer(env, { inherit: false, healthTimeoutMs: 60_000 });
}

async function waitReady(base, token, jobId) {
  for (;;) {
    const job = await (
      await fetch(`${base}/api/ifc/jobs/${jobId}`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    if (job.status === 'ready') return;
    if (job.status === 'failed' || job.status === 'cancelled')
      throw new Error(`job ${jobId} ${job.status}: ${job.error}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** 4 concurrent uploads spread over the API instances; seconds from the first byte sent to each job ready. */
async function uploadAll(apis, token, model) {
  const started = performance.now();
  const done = await Promise.all(
    Array.from({ length: UPLOADS }, async (_, i) => {
      const base = apis[i % apis.length].base;
      const { status, body } = await uploadFile(
        `${base}/api/ifc/odata/upload`,
        { authorization: `Bearer ${token}` },
        model,
        `scale-${i}.ifc`,
      );
      if (status !== 202) throw new Error(`upload answered ${status}: ${JSON.stringify(body)}`);
      await waitReady(base, token, body.jobId);
      return { projectId: body.projectId, seconds: (performance.now() - started) / 1000 };
    }),
  );
  return { done, wallSeconds: (performance.now() - started) / 1000 };
}

/** The 4 projects' element feeds pulled at once, spread over the API instances: rows per second in total. */
async function pullAll(apis, token, projectIds) {
  const started = performance.now();
  const pulls = await Promise.all(
    projectIds.map((id, i) =>
      pullFeed(
        `${apis[i % apis.length].base}/api/ifc/odata/projects/${id}/IFCElements`,
        { authorization: `Bearer ${token}` },
        'identity',
      ),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const rows = pulls.reduce((n, p) => n + p.rows, 0);
  return { rows, seconds, rowsPerSecond: Math.round(rows / seconds) };
}

/** One cluster on a fresh database: `workers` workers, `apis` API instances. */
async function runCluster(uri, dir, { apis: apiCount, workers: workerCount }, model, also) {
  const started = [];
  try {
    const apis = [];
    for (let i = 1; i <= apiCount; i++) apis.push(await startInstance('api', `api-${i}`, uri, dir));
    started.push(...apis);
    for (let i = 1; i <= workerCount; i++)
      started.push(await startInstance('worker', `worker-${i}`, uri, dir));
    const token = await signIn(apis[0].base, `bench_${workerCount}w`);
    const upload = await uploadAll(apis, token, model);
    return { upload, extra: also ? await also({ apis, token, upload, uri, dir, started }) : null };
  } finally {
    await Promise.all(started.map((s) => s.stop()));
  }
}

export async function benchScale() {
  mkdirSync(MODELS, { recursive: true });
  const model = path.join(MODELS, `scale-${MB}mb.ifc`);
  const generated = JSON.parse(
    execFileSync(process.execPath, [path.join(OUT, 'generate-model.js'), model, String(MB)], {
      encoding: 'utf8',
    }),
  );
  const dir = mkdtempSync(path.join(tmpdir(), 'aec-scale-bench-'));
  const script = path.join(ROOT, 'scripts/ferretdb.sh');
  const ferret = path.join(dir, 'ferretdb');
  try {
    const start = spawnSync('bash', [script, 'start', ferret], { encoding: 'utf8' });
    if (start.status !== 0)
      return { skipped: `scripts/ferretdb.sh start failed: ${start.stderr.trim().split('\n').at(-1)}` };
    const server = start.stdout.trim().replace(/\/?$/, '/');
    const one = await runCluster(
      `${server}aec_scale_1w`,
      path.join(dir, 'one'),
      { apis: 1, workers: 1 },
      model,
    );
    const two = await runCluster(
      `${server}aec_scale_2w`,
      path.join(dir, 'two'),
      { apis: 1, workers: 2 },
      model,
      async (c) => {
        const ids = c.upload.done.map((d) => d.projectId);
        const through1 = await pullAll(c.apis, c.token, ids);
        const second = await startInstance('api', 'api-2', `${server}aec_scale_2w`, path.join(dir, 'two'));
        c.started.push(second);
        const through2 = await pullAll([...c.apis, second], c.token, ids);
        return { through1, through2 };
      },
    );
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const row = (r) => ({
      allReadySeconds: +r.upload.wallSeconds.toFixed(1),
      medianUploadToReadySeconds: +median(r.upload.done.map((d) => d.seconds)).toFixed(1),
    });
    return {
      figures: {
        [`${UPLOADS} × ${MB} MB, 1 worker`]: row(one),
        [`${UPLOADS} × ${MB} MB, 2 workers`]: row(two),
        'full pull, 1 API instance': {
          rows: two.extra.through1.rows,
          rowsPerSecond: two.extra.through1.rowsPerSecond,
        },
        'full pull, 2 API instances': {
          rows: two.extra.through2.rows,
          rowsPerSecond: two.extra.through2.rowsPerSecond,
        },
      },
      products: generated.products,
    };
  } finally {
    spawnSync('bash', [script, 'stop', ferret], { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Prints the table with what it measures: FerretDB on this machine, not MongoDB. */
export async function reportScale() {
  console.log(
    `models: ${UPLOADS} concurrent uploads of a ${MB} MB generated model (BENCH_SCALE_MB to change)`,
  );
  const result = await benchScale();
  if (result.skipped) {
    console.log(`scale: skipped — ${result.skipped}`);
    return;
  }
  console.table(result.figures);
  console.log(
    `each model: ${result.products} products. caveat: FerretDB figures (one FerretDB process over SQLite on this machine), not MongoDB's; every instance shares the same cores, so a second worker or API instance shows whether anything serialises behind one process, not what more machines would give.`,
  );
}
