import { readFileSync } from 'node:fs';
import { type ExtractionSummary, type RowBatch, extractIfc, extractIfcFile } from '@aec/ifc';

/**
 * Bare extraction of one file (rows discarded): the reference the pipeline is compared with.
 * `bare-extract <file.ifc> [web-ifc|step]`: web-ifc's indexed extraction of the file read whole (the default), or the
 * streaming extractor reading it from disk in chunks.
 */
async function main(): Promise<void> {
  const [file, extractor = 'web-ifc'] = process.argv.slice(2);
  if (!file || (extractor !== 'web-ifc' && extractor !== 'step'))
    throw new Error('usage: bare-extract <file.ifc> [web-ifc|step]');
  // web-ifc's JavaScript is loaded before the clock starts, as it was when every module loaded it up front: the
  // figure is its extraction, not its ~0.2 s of module loading (the streaming extractor never loads it)
  if (extractor === 'web-ifc') await import('web-ifc');
  const started = performance.now();
  let rows = 0;
  const onBatch = (b: RowBatch) => {
    rows += (b.elements?.length ?? 0) + (b.properties?.length ?? 0) + (b.spatial?.length ?? 0);
  };
  const summary: ExtractionSummary =
    extractor === 'step'
      ? await extractIfcFile(file, { batchSize: 2000, onBatch })
      : await extractIfc(new Uint8Array(readFileSync(file)), { batchSize: 2000, onBatch });
  const seconds = (performance.now() - started) / 1000;
  // VmHWM, not resourceUsage().maxRSS: on Linux a process's maxRSS starts from its parent's RSS at fork, so after the
  // bench has held 100 MB models in memory it reported the bench's RSS, not the extraction's (622 MB for both extractors)
  const status = readFileSync('/proc/self/status', 'utf8');
  const peakRssMb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
  process.stdout.write(JSON.stringify({ seconds, rows, products: summary.productCount, peakRssMb }) + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
