#!/usr/bin/env node
/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset of the built web app (dist/), once, at build time, with
 * the strongest settings: the API's static server then sends them as they are to clients that accept them instead of
 * compressing on every request. A compressed copy that would not be smaller is not written.
 *
 *   node apps/web/scripts/precompress.mjs [distDir]
 */
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|webmanifest|txt|xml|map|ico)$/i;
const distDir = path.resolve(
  process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'),
);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let count = 0;
let before = 0;
let afterBrotli = 0;
for (const file of files(distDir)) {
  const source = readFileSync(file);
  const encoded = {
    br: brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gz: gzipSync(source, { level: constants.Z_BEST_COMPRESSION }),
  };
  for (const [suffix, bytes] of Object.entries(encoded)) {
    const target = `${file}.${suffix}`;
    if (bytes.length < source.length) writeFileSync(target, bytes);
    else if (statSync(target, { throwIfNoEntry: false })) unlinkSync(target);
  }
  count++;
  before += source.length;
  afterBrotli += Math.min(encoded.br.length, source.length);
}
console.log(
  `precompressed ${count} files in ${path.relative(process.cwd(), distDir) || '.'}: ` +
    `${(before / 1024).toFixed(1)} KB → ${(afterBrotli / 1024).toFixed(1)} KB brotli`,
);
