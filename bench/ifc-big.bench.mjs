// `pnpm bench big`: a 2.5 GB generated model (web-ifc cannot open it) upload → ready through the real server, next
// to the 100 MB model in the same run. The big model is generated (streamed, never held in memory) into a temporary
// directory and removed afterwards; it takes minutes. Prints figures; asserts nothing.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { uploadToReady } from './ifc-upload-run.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'apps/api/dist/bench');
const MODELS = path.join(ROOT, '.bench');
const BIG_MB = Number(process.env.BENCH_BIG_MB ?? 2560);
// BENCH_BIG_FILE=<file.ifc> measures that file instead of generating one (kept: a rerun saves the minutes).
const BIG_FILE = process.env.BENCH_BIG_FILE;

function generate(file, mb) {
  const started = performance.now();
  const out = JSON.parse(
    execFileSync(process.execPath, [path.join(OUT, 'generate-model.js'), file, String(mb)], {
      encoding: 'utf8',
    }),
  );
  return { ...out, seconds: (performance.now() - started) / 1000 };
}

export async function benchIfcBig() {
  mkdirSync(MODELS, { recursive: true });
  const small = path.join(MODELS, 'model-100mb.ifc');
  generate(small, 100);
  const dir = mkdtempSync(path.join(tmpdir(), 'aec-bench-big-'));
  try {
    const big = BIG_FILE ?? path.join(dir, `model-${BIG_MB}mb.ifc`);
    if (!BIG_FILE) {
      const generated = generate(big, BIG_MB);
      console.log(
        `generated ${(generated.bytes / 1024 / 1024).toFixed(0)} MB in ${generated.seconds.toFixed(0)} s`,
      );
    }
    const reference = await uploadToReady(small);
    const load = readLoad();
    // the job's time limit (900 s by default) is no measure here: a loaded machine may need longer
    const run = await uploadToReady(big, { JOB_TIMEOUT_SECONDS: '7200' });
    return {
      '100 MB': reference,
      big: { ...run, ratioTo100Mb: +(run.seconds / reference.seconds).toFixed(1) },
      'load (1/5/15 min)': { loadAverage: `${load} → ${readLoad()}` },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function readLoad() {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}
