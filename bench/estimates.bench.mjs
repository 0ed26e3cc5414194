// Connector Preview estimates against the real thing: for each shared sample model, the element count the browser
// scan predicts and the time range it shows (cold: the server's fallback figures; measured: the rate the server
// reports once the samples have been processed), against the real element count and upload → ready time.
// Prints figures; asserts nothing.
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signIn, startServer, uploadFile } from './bench-utils.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'apps/api/dist/bench');
const SAMPLES = path.resolve(ROOT, '../shared/ifc-samples');

/**
 * The 2× rule: the real time is within 2× of an estimate when it lies between half the range's midpoint and twice
 * it (midpoint / 2 ≤ real ≤ 2 × midpoint). The same rule for the element count against the scanned count.
 */
export const within2x = (estimate, real) => real >= estimate / 2 && real <= estimate * 2;

async function processingRate(base, auth) {
  const res = await fetch(`${base}/api/ifc/processing-rate`, { headers: auth });
  if (!res.ok) throw new Error(`processing-rate answered ${res.status}`);
  return res.json();
}

/** Uploads one model (streamed from disk) and waits until it is ready; seconds from the request to the answer. */
async function upload(base, auth, name) {
  const started = performance.now();
  const { body } = await uploadFile(`${base}/api/ifc/odata/upload?wait=true`, auth, path.join(SAMPLES, name));
  const seconds = (performance.now() - started) / 1000;
  if (!body.success) throw new Error(`${name}: upload failed: ${JSON.stringify(body).slice(0, 300)}`);
  return { seconds, elements: body.elementCount };
}

const fmt = (s) => s.toFixed(1);
const rangeText = ({ lowSeconds, highSeconds }) => `${fmt(lowSeconds)}–${fmt(highSeconds)}`;
const midpoint = ({ lowSeconds, highSeconds }) => (lowSeconds + highSeconds) / 2;

export async function benchEstimates() {
  if (!existsSync(SAMPLES)) {
    return { skipped: `IFC samples folder ${SAMPLES} is absent` };
  }
  const { scanIfcFile, estimateProcessing, formatTimeRange, processingRateFrom } = createRequire(
    import.meta.url,
  )(path.join(OUT, 'connector-estimate.js'));
  const files = readdirSync(SAMPLES)
    .filter((f) => f.toLowerCase().endsWith('.ifc'))
    .sort();

  const dataDir = mkdtempSync(path.join(tmpdir(), 'aec-bench-estimates-'));
  const { base, stop } = await startServer(
    { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    { removeOnStop: dataDir },
  );
  try {
    const auth = { authorization: `Bearer ${await signIn(base, 'bench_estimates')}` };
    // Cold: the server's fallback figures, what it answers before it has finished any job. (A fresh server has
    // already processed its demo model, so it reports that job; printed below.)
    const cold = processingRateFrom([]);
    const atStart = await processingRate(base, auth);
    const samples = [];
    for (const file of files) {
      const bytes = readFileSync(path.join(SAMPLES, file));
      const scan = await scanIfcFile(new Blob([bytes]));
      const coldEstimate = estimateProcessing(scan, cold);
      const real = await upload(base, auth, file);
      samples.push({ file, bytes, scan, coldEstimate, coldReal: real });
    }
    // Measured: what the server reports after every sample has been processed once; each sample uploaded again.
    const measured = await processingRate(base, auth);
    const rows = [];
    for (const s of samples) {
      const estimate = estimateProcessing(s.scan, measured);
      const real = await upload(base, auth, s.file);
      rows.push({
        sample: s.file.replace(/\.ifc$/i, '').slice(0, 32),
        mb: +(s.bytes.length / 1024 / 1024).toFixed(2),
        elements: `${s.scan.products}/${real.elements}`,
        elements2x: within2x(s.scan.products, real.elements) ? 'yes' : 'NO',
        scannedRows: s.scan.products + s.scan.propertyValues,
        coldRangeS: rangeText(s.coldEstimate),
        coldRealS: fmt(s.coldReal.seconds),
        cold2x: within2x(midpoint(s.coldEstimate), s.coldReal.seconds) ? 'yes' : 'NO',
        measuredRangeS: rangeText(estimate),
        measuredRealS: fmt(real.seconds),
        measured2x: within2x(midpoint(estimate), real.seconds) ? 'yes' : 'NO',
        shown: formatTimeRange(estimate),
      });
    }
    const count = (key) => rows.filter((r) => r[key] === 'yes').length;
    console.log(
      `rates: cold fallback ${JSON.stringify(cold)}; fresh server ${JSON.stringify(atStart)}; ` +
        `measured after the first pass ${JSON.stringify(measured)}`,
    );
    console.log(
      'elements: scanned/real; times in seconds, real = upload request → ready answer (?wait=true); ' +
        '2× rule: midpoint/2 ≤ real ≤ 2 × midpoint of the estimated range',
    );
    console.table(rows);
    console.log(
      `summary: ${rows.length} samples; element count within 2× on ${count('elements2x')}; ` +
        `time within 2× on ${count('cold2x')} cold, ${count('measured2x')} measured`,
    );
    return {
      samples: rows.length,
      elementsWithin2x: count('elements2x'),
      coldTimeWithin2x: count('cold2x'),
      measuredTimeWithin2x: count('measured2x'),
    };
  } finally {
    await stop();
  }
}
