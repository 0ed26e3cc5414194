#!/usr/bin/env node
// `node scripts/generate-model.mjs <file.ifc> [storeys] [bays]`: writes a small, valid IFC4 building (walls, slabs,
// doors, windows, property sets, quantities) with the project's own generator, so the upload can be tried without a
// model of one's own. Prints the file's size and product count as JSON.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');
const [file, storeys = '2', bays = '2'] = process.argv.slice(2);
if (!file || !/^\d+$/.test(storeys) || !/^\d+$/.test(bays)) {
  console.error('usage: node scripts/generate-model.mjs <file.ifc> [storeys=2] [bays=2]');
  process.exit(2);
}

// The generator is TypeScript in packages/ifc: bundle it once into a temp folder and load it from there.
const tmp = mkdtempSync(path.join(os.tmpdir(), 'aec-generate-'));
try {
  const bundle = path.join(tmp, 'generate.cjs');
  await build({
    entryPoints: [path.join(ROOT, 'packages/ifc/src/generate/index.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    logLevel: 'warning',
  });
  const { generateIfcFixture } = createRequire(import.meta.url)(bundle);
  const { text, counts } = generateIfcFixture({ storeys: Number(storeys), bays: Number(bays) });
  writeFileSync(file, text);
  console.log(JSON.stringify({ file, bytes: Buffer.byteLength(text), products: counts.totalProducts }));
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
