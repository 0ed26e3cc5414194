// End-to-end IFC benchmark: two ~100 MB generated models, upload → ready through the real server, each against bare
// extraction of the same file measured in the same run: the property-heavy model (no geometry, the figures without
// a prefix, then its version 2) and the geometry-heavy one (bodies are ~85 % of its bytes, figures prefixed
// `geometry`). Prints figures; asserts nothing.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { percentile, peakRssMb, startHealthProbe, uploadFile } from './bench-utils.mjs';
import { startIfcBenchServer } from './ifc-upload-run.mjs';
import { measureVersionChanges } from './ifc-version-changes.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'apps/api/dist/bench');
const MODELS = path.join(ROOT, '.bench');
const MB = Number(process.env.BENCH_IFC_MB ?? 100);
// BENCH_IFC_TIMELINE=1 also prints the job's milestones (server debug log) in seconds since the upload began.
// BENCH_IFC_VERSION2=skip measures version 1 only (the second part takes minutes: the change set of version 2).
const VERSION2 = process.env.BENCH_IFC_VERSION2 !== 'skip';
// BENCH_IFC_ONLY=geometry (or =property) measures one of the two models.
const ONLY = process.env.BENCH_IFC_ONLY ?? '';
if (ONLY && ONLY !== 'geometry' && ONLY !== 'property')
  throw new Error(`BENCH_IFC_ONLY=${ONLY}: expected geometry or property`);

export async function benchIfcPipeline() {
  mkdirSync(MODELS, { recursive: true });
  const property = ONLY === 'geometry' ? {} : await benchPropertyModel();
  const geometry = ONLY === 'property' ? {} : await benchGeometryModel();
  return { ...property, ...geometry };
}

/**
 * Turns per model (BENCH_IFC_TURNS, 3 by default). A turn runs web-ifc's bare extraction, the streaming extractor's,
 * then the upload through a fresh server, back to back; each figure is the median over the turns and the ratio to
 * web-ifc the median of the turns' own ratios. This machine's speed drifts by up to a half over minutes: one upload
 * against bare runs taken minutes before it compared two different machines (one run of 2026-11-29 gave its two
 * models 0.74× and 0.37×).
 */
const TURNS = Math.max(1, Number(process.env.BENCH_IFC_TURNS ?? 3));

/** One bare extraction of `model` (rows discarded) by `extractor` ('web-ifc' or 'step'), in a process of its own. */
function bareRun(model, extractor) {
  return JSON.parse(
    // with the young generation the server's extraction worker has (extraction-heap.ts: 32 MB semi-spaces)
    execFileSync(
      process.execPath,
      ['--max-semi-space-size=32', path.join(OUT, 'bare-extract.js'), model, extractor],
      {
        encoding: 'utf8',
        maxBuffer: 1 << 20,
      },
    ),
  );
}

/** The median of `values` (the lower middle one of an even count): bench-utils' 50th percentile. */
const median = (values) => percentile(values, 0.5);
/** The run of `runs` whose seconds are the median (its peak RSS goes with it). */
const medianRun = (runs) => runs.find((r) => r.seconds === median(runs.map((x) => x.seconds)));

/** The property-heavy model (and its version 2 uploaded into the same project): the figures without a prefix. */
async function benchPropertyModel() {
  const model = path.join(MODELS, `model-${MB}mb.ifc`);
  const revision = path.join(MODELS, `model-${MB}mb-v2.ifc`);
  const generated = JSON.parse(
    execFileSync(
      process.execPath,
      [path.join(OUT, 'generate-model.js'), model, String(MB), '--revision', revision],
      { encoding: 'utf8' },
    ),
  );
  const bytes = generated.bytes;
  return uploadToReadyInTurns(model, bytes, async ({ figures, seconds, body, base, pid, token }) => {
    const version2 =
      VERSION2 &&
      (await measureVersionChanges({
        base,
        pid,
        token,
        projectId: body.projectId,
        file: revision,
        manifestFile: generated.revision.manifest,
        first: { seconds, bytes, file: model },
      }));
    return {
      ...figures,
      ...version2,
    };
  });
}

/** The geometry-heavy model (the generator's `geometry: 'heavy'`): the same figures, prefixed `geometry`. */
async function benchGeometryModel() {
  const model = path.join(MODELS, `model-geometry-${MB}mb.ifc`);
  const generated = JSON.parse(
    execFileSync(process.execPath, [path.join(OUT, 'generate-model.js'), model, String(MB), '--geometry'], {
      encoding: 'utf8',
    }),
  );
  const bytes = generated.bytes;
  return uploadToReadyInTurns(model, bytes, async ({ figures }) => {
    const prefixed = Object.entries(figures).map(([k, v]) => [
      `geometry${k[0].toUpperCase()}${k.slice(1)}`,
      v,
    ]);
    return { geometryShareOfBytes: generated.geometryShare, ...Object.fromEntries(prefixed) };
  });
}

/** One model's figures from its turns: upload → ready against both bare extractions of the same file. */
function pipelineFigures(bytes, turns) {
  const mb = bytes / 1024 / 1024;
  const seconds = median(turns.map((t) => t.upload.seconds));
  const bare = medianRun(turns.map((t) => t.bare));
  const streaming = medianRun(turns.map((t) => t.streaming));
  const latencies = turns.flatMap((t) => t.upload.latencies);
  return {
    modelMb: +mb.toFixed(1),
    products: turns[0].upload.products,
    endToEndSeconds: +seconds.toFixed(2),
    mbPerSecond: +(mb / seconds).toFixed(1),
    apiPeakRssMb: Math.max(...turns.map((t) => t.upload.apiPeakRssMb)),
    bareExtractionSeconds: +bare.seconds.toFixed(2),
    bareExtractionPeakRssMb: Math.round(bare.peakRssMb),
    bareExtractionMbPerSecond: +(mb / bare.seconds).toFixed(1),
    streamingExtractionSeconds: +streaming.seconds.toFixed(2),
    streamingExtractionMbPerSecond: +(mb / streaming.seconds).toFixed(1),
    streamingExtractionPeakRssMb: Math.round(streaming.peakRssMb),
    streamingSpeedupOverWebIfc: +(bare.seconds / streaming.seconds).toFixed(2),
    ratioToBare: +median(turns.map((t) => t.upload.seconds / t.bare.seconds)).toFixed(2),
    healthP99Ms: +percentile(latencies, 0.99).toFixed(1),
    healthSamples: latencies.length,
  };
}

/**
 * `model` measured in turns (TURNS), then `report` called with the figures and the last turn's server still running
 * (its upload's project in it); its result is returned, and that server is stopped after.
 */
async function uploadToReadyInTurns(model, bytes, report) {
  const turns = [];
  let kept = null;
  try {
    for (let i = 0; i < TURNS; i++) {
      const bare = bareRun(model, 'web-ifc');
      const streaming = bareRun(model, 'step');
      const upload = await uploadOnce(model);
      turns.push({ bare, streaming, upload });
      if (i < TURNS - 1) await upload.stop();
      else kept = upload;
    }
    const list = (pick) => turns.map((t) => +pick(t).toFixed(2)).join(', ');
    console.log(
      `turns of ${path.basename(model)} (s): web-ifc ${list((t) => t.bare.seconds)}; ` +
        `streaming ${list((t) => t.streaming.seconds)}; upload → ready ${list((t) => t.upload.seconds)}; ` +
        `ratio ${list((t) => t.upload.seconds / t.bare.seconds)}`,
    );
    const figures = pipelineFigures(bytes, turns);
    return await report({ figures, ...kept });
  } finally {
    await kept?.stop();
  }
}

/**
 * A server on a fresh data dir: uploads `model` with ?wait=true (/health probed meanwhile). Resolves to the upload's
 * figures and the server still running (`stop` stops it and removes its data).
 */
async function uploadOnce(model) {
  const { base, pid, token, timelines, stop } = await startIfcBenchServer(MB * 2);
  try {
    const probe = startHealthProbe(base);
    const started = performance.now();
    const startedAt = Date.now();
    const { body } = await uploadFile(
      `${base}/api/ifc/odata/upload?wait=true`,
      { authorization: `Bearer ${token}` },
      model,
      'bench-model.ifc',
    );
    const seconds = (performance.now() - started) / 1000;
    const latencies = await probe.stop();
    if (!body.success) throw new Error(`upload failed: ${JSON.stringify(body).slice(0, 300)}`);
    if (timelines) await timelines.print(path.basename(model), startedAt);
    const apiPeakRssMb = peakRssMb(pid);
    return {
      seconds,
      latencies,
      apiPeakRssMb,
      products: body.elementCount,
      body,
      base,
      pid,
      token,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
