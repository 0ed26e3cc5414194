import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { type RevisionManifest, type RevisionOptions, writeIfcModel, writeIfcRevision } from '@aec/ifc';

/** The benchmark model's generator settings: version 2 must be written with the same ones. */
const MODEL = { bays: 8, seed: 100 };
/** Version 2 of the bench model: about 1% of its ~153k products added, removed and modified each. */
const REVISION: RevisionOptions = { added: 1500, removed: 1500, modified: 1500, seed: 15 };

interface Sidecar {
  bytes: number;
  products: number;
  storeys: number;
}

/**
 * Writes the benchmark model (default ~100 MB) once; later runs reuse it. A `<file>.json` next to it keeps its
 * storey count, which version 2 needs. Prints its size and product count. With `--revision <v2.ifc>` it also writes
 * version 2 (REVISION's known changes) and `<v2>.changes.json`, the change list the comparison must find.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const at = args.indexOf('--revision');
  const revisionFile = at >= 0 ? args.splice(at, 2)[1] : undefined;
  const [file, mb = '100'] = args;
  if (!file || (at >= 0 && !revisionFile))
    throw new Error('usage: generate-model <file.ifc> [megabytes] [--revision <v2.ifc>]');
  const targetBytes = Number(mb) * 1024 * 1024;
  let sidecar = readSidecar(file);
  let products: number | null = null;
  if (!sidecar || !existsSync(file) || Math.abs(statSync(file).size - targetBytes) > targetBytes * 0.05) {
    const counts = await writeIfcModel(`${file}.tmp`, { targetBytes, ...MODEL });
    renameSync(`${file}.tmp`, file);
    sidecar = { bytes: statSync(file).size, products: counts.totalProducts, storeys: counts.storeys };
    writeFileSync(`${file}.json`, JSON.stringify(sidecar));
    products = counts.totalProducts;
  }
  const out: Record<string, unknown> = { bytes: statSync(file).size, products };
  if (revisionFile) out.revision = await ensureRevision(revisionFile, sidecar);
  process.stdout.write(JSON.stringify(out) + '\n');
}

function readSidecar(file: string): Sidecar | null {
  try {
    return JSON.parse(readFileSync(`${file}.json`, 'utf8')) as Sidecar;
  } catch {
    return null;
  }
}

/** Version 2 and its manifest, rewritten when missing or made from another version 1. */
async function ensureRevision(file: string, base: Sidecar) {
  const manifestFile = `${file.replace(/\.ifc$/i, '')}.changes.json`;
  let manifest: RevisionManifest | null = null;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as RevisionManifest;
  } catch {
    manifest = null;
  }
  const current =
    manifest &&
    existsSync(file) &&
    manifest.baseProducts === base.products &&
    manifest.seed === REVISION.seed &&
    manifest.added === REVISION.added &&
    manifest.removed === REVISION.removed &&
    manifest.modified === REVISION.modified;
  if (!current) {
    const written = await writeIfcRevision(`${file}.tmp`, { ...MODEL, storeys: base.storeys }, REVISION);
    renameSync(`${file}.tmp`, file);
    writeFileSync(manifestFile, JSON.stringify(written.manifest));
    manifest = written.manifest;
  }
  const m = manifest as RevisionManifest;
  return {
    file,
    manifest: manifestFile,
    bytes: statSync(file).size,
    products: m.revisedProducts,
    added: m.added,
    removed: m.removed,
    modified: m.modified,
    propertyValuesChanged: m.propertyValuesChanged,
  };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
