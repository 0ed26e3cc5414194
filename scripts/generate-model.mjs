#!/usr/bin/env node
// `node scripts/generate-model.mjs <file.ifc> [storeys] [bays] [--revision <v2.ifc>] [--added N] [--removed M]
// [--modified K] [--seed S]`: writes a small, valid IFC4 building (walls, slabs, doors, windows, property sets,
// quantities) with the project's own generator, so the upload can be tried without a model of one's own. With
// --revision it also writes "version 2" of the same building with N elements added, M removed and K modified (names,
// object types, storeys, property values changed, added and removed; unchanged elements keep their GlobalIds) and,
// next to it, `<v2>.changes.json`: the exact change list a comparison of the two versions must find. Prints the
// files' sizes and product counts as JSON.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');
const USAGE =
  'usage: node scripts/generate-model.mjs <file.ifc> [storeys=2] [bays=2] ' +
  '[--revision <v2.ifc>] [--added=3] [--removed=2] [--modified=7] [--seed=1]';
const whole = (text) => (/^\d+$/.test(text) ? Number(text) : NaN);
let args;
try {
  args = parseArgs({
    allowPositionals: true,
    options: {
      revision: { type: 'string' },
      added: { type: 'string', default: '3' },
      removed: { type: 'string', default: '2' },
      modified: { type: 'string', default: '7' },
      seed: { type: 'string', default: '1' },
    },
  });
} catch (err) {
  console.error(`${err.message}\n${USAGE}`);
  process.exit(2);
}
const [file, storeysText = '2', baysText = '2', ...extra] = args.positionals;
const numbers = [
  storeysText,
  baysText,
  args.values.added,
  args.values.removed,
  args.values.modified,
  args.values.seed,
];
if (!file || extra.length || numbers.some((n) => Number.isNaN(whole(n))) || args.values.revision === '') {
  console.error(USAGE);
  process.exit(2);
}
const model = { storeys: whole(storeysText), bays: whole(baysText) };

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
  const { generateIfcFixture, generateIfcRevision } = createRequire(import.meta.url)(bundle);
  const { text, counts } = generateIfcFixture(model);
  writeFileSync(file, text);
  const out = { file, bytes: Buffer.byteLength(text), products: counts.totalProducts };
  if (args.values.revision) {
    const revisionFile = args.values.revision;
    let revision;
    try {
      revision = generateIfcRevision(model, {
        added: whole(args.values.added),
        removed: whole(args.values.removed),
        modified: whole(args.values.modified),
        seed: whole(args.values.seed),
      });
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
      console.error(`${err.message}\n${USAGE}`);
      process.exit(2);
    }
    const changesFile = revisionFile.replace(/\.ifc$/i, '') + '.changes.json';
    writeFileSync(revisionFile, revision.text);
    writeFileSync(changesFile, JSON.stringify(revision.manifest, null, 2) + '\n');
    const { added, removed, modified, propertyValuesChanged } = revision.manifest;
    Object.assign(out, {
      revision: {
        file: revisionFile,
        bytes: Buffer.byteLength(revision.text),
        products: revision.counts.totalProducts,
      },
      changes: { file: changesFile, added, removed, modified, propertyValuesChanged },
    });
  }
  console.log(JSON.stringify(out));
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
