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
  /** Bytes of body geometry (the geometry-heavy model; 0 or absent for the property-heavy one). */
  geometryBytes?: number;
}

/**
 * Writes the benchmark model (default ~100 MB) once; later runs reuse it. A `<file>.json` next to it keeps its
 * storey count, which version 2 needs. Prints its size and product count. With `--revision <v2.ifc>` it also writes
 * version 2 (REVISION's known changes) and `<v2>.changes.json`, the change list the comparison must find.
 * With `--geometry` it writes the geometry-heavy model instead (the generator's `geometry: 'heavy'`: every product
 * with a faceted body, ~85 % of the bytes) and prints that share too.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const geometryAt = args.indexOf('--geometry');
  const geometry = geometryAt >= 0;
  if (geometry) args.splice(geometryAt, 1);
  const at = args.indexOf('--revision');
  const revisionFile = at >= 0 ? args.splice(at, 2)[1] : undefined;
  const [file, mb = '100'] = args;
  if (!file || (at >= 0 && !revisionFile))
    throw new Error('usage: generate-model <file.ifc> [megabytes] [--revision <v2.ifc>] [--geometry]');
  if (geometry && revisionFile) throw new Error('--geometry writes no version 2');
  const targetBytes = Number(mb) * 1024 * 1024;
  let sidecar = readSidecar(file);
  let products: number | null = null;
  const stale =
    !sidecar ||
    !existsSync(file) ||
    Math.abs(statSync(file).size - targetBytes) > targetBytes * 0.05 ||
    // a model of the other kind under this name
    (sidecar.geometryBytes ?? 0) > 0 !== geometry;
  if (stale) {
    const counts = await writeIfcModel(`${file}.tmp`, {
      targetBytes,
      ...MODEL,
      ...(geometry ? { geometry: 'heavy' as const } : {}),
    });
    renameSync(`${file}.tmp`, file);
    sidecar = {
      bytes: statSync(file).size,
      products: counts.totalProducts,
      storeys: counts.storeys,
      geometryBytes: counts.geometryBytes,
    };
    writeFileSync(`${file}.json`, JSON.stringify(sidecar));
    products = counts.totalProducts;
  }
  // a model kept from an earlier run: its products are in the sidecar
  const out: Record<string, unknown> = {
    bytes: statSync(file).size,
    products: products ?? sidecar?.products ?? null,
  };
  if (geometry && sidecar) out.geometryShare = +((sidecar.geometryBytes ?? 0) / sidecar.bytes).toFixed(3);
  if (revisionFile && sidecar) out.revision = await ensureRevision(revisionFile, sidecar);
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
