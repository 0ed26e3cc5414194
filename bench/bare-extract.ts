import { readFileSync } from 'node:fs';
import { extractIfc } from '@aec/ifc';

/** Bare web-ifc indexed extraction of one file (rows discarded): the reference the pipeline is compared with. */
async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new Error('usage: bare-extract <file.ifc>');
  const started = performance.now();
  let rows = 0;
  const summary = await extractIfc(new Uint8Array(readFileSync(file)), {
    batchSize: 2000,
    onBatch: (b) => {
      rows += (b.elements?.length ?? 0) + (b.properties?.length ?? 0) + (b.spatial?.length ?? 0);
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(JSON.stringify({ seconds, rows, products: summary.productCount, peakRssMb }) + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
