#!/usr/bin/env node
/**
 * Prints the gzip size of the JavaScript the landing page `/` loads (the entry of dist/index.html
 * plus every chunk it pulls in statically: modulepreload links and static imports), and of the
 * largest lazily loaded route (its chunk plus the shared chunks it needs that `/` has not loaded). Builds nothing: run `pnpm --filter @aec/web build` first.
 *
 *   node apps/web/scripts/bundle-size.mjs [distDir] [--json] [--budget-kb=150]
 *
 * With --budget-kb the exit code is 1 when `/` is over the budget.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const json = args.includes('--json');
const budgetArg = args.find((arg) => arg.startsWith('--budget-kb='));
const budgetKb = budgetArg ? Number(budgetArg.slice('--budget-kb='.length)) : null;
const distDir = path.resolve(
  args.find((arg) => !arg.startsWith('--')) ??
    path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'),
);

const indexFile = path.join(distDir, 'index.html');
if (!existsSync(indexFile)) {
  console.error(`${indexFile} not found: build the web app first (pnpm --filter @aec/web build).`);
  process.exit(2);
}

/** '/assets/x.js' (as written in HTML or imports) → absolute path inside dist. */
function resolveAsset(ref, fromFile) {
  const clean = ref.split(/[?#]/)[0];
  return clean.startsWith('/') ? path.join(distDir, clean) : path.resolve(path.dirname(fromFile), clean);
}

const html = readFileSync(indexFile, 'utf8');
const tagAttr = (tag, attr) => tag.match(new RegExp(`\\s${attr}\\s*=\\s*["']([^"']+)["']`, 'i'))?.[1];
const roots = [];
for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
  const src = tagAttr(tag, 'src');
  if (src && /type\s*=\s*["']module["']/i.test(tag)) roots.push(resolveAsset(src, indexFile));
}
for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
  const href = tagAttr(tag, 'href');
  if (href && /rel\s*=\s*["']modulepreload["']/i.test(tag)) roots.push(resolveAsset(href, indexFile));
}
if (roots.length === 0) {
  console.error(`No module script in ${indexFile}.`);
  process.exit(2);
}

/**
 * Static imports only (`import x from"./a.js"`, `import"./a.js"`, `export … from"./a.js"`):
 * dynamic `import("./a.js")` is a lazy route and is not loaded by `/`.
 */
function staticImports(file) {
  const code = readFileSync(file, 'utf8');
  const refs = [];
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    refs.push(resolveAsset(match[1], file));
  }
  return refs;
}

const gzipBytes = new Map();
function gzipSize(file) {
  if (!gzipBytes.has(file)) gzipBytes.set(file, gzipSync(readFileSync(file)).length);
  return gzipBytes.get(file);
}

const landing = new Set();
const queue = [...roots];
while (queue.length > 0) {
  const file = queue.pop();
  if (landing.has(file) || !existsSync(file)) continue;
  landing.add(file);
  queue.push(...staticImports(file));
}

/** Lazy routes: every `import("./x.js")` reachable from `/`, with what each adds on top of `/`. */
function dynamicImports(file) {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/\bimport\(\s*["'](\.{1,2}\/[^"']+\.js)["']\s*\)/g)].map((m) =>
    resolveAsset(m[1], file),
  );
}

function closure(file, exclude) {
  const seen = new Set();
  const todo = [file];
  while (todo.length > 0) {
    const next = todo.pop();
    if (seen.has(next) || exclude.has(next) || !existsSync(next)) continue;
    seen.add(next);
    todo.push(...staticImports(next));
  }
  return seen;
}

const routeTargets = new Set([...landing].flatMap((file) => dynamicImports(file)));
const lazyChunks = [...routeTargets]
  .map((file) => {
    const files = closure(file, landing);
    const gzip = [...files].reduce((sum, f) => sum + gzipSize(f), 0);
    return { file: path.relative(distDir, file), gzip, chunkGzip: gzipSize(file), files: files.size };
  })
  .sort((a, b) => b.gzip - a.gzip);

/** What the server sends for a file: the build's pre-compressed copy (precompress.mjs) when there is one. */
const sentSize = (file, suffix) => statSync(existsSync(file + suffix) ? file + suffix : file).size;
const landingFiles = [...landing].map((file) => ({
  file: path.relative(distDir, file),
  gzip: gzipSize(file),
  raw: statSync(file).size,
  sentBrotli: sentSize(file, '.br'),
  sentGzip: sentSize(file, '.gz'),
}));
const landingTotal = landingFiles.reduce((sum, entry) => sum + entry.gzip, 0);
const sum = (key) => landingFiles.reduce((total, entry) => total + entry[key], 0);
const largest = lazyChunks[0] ?? null;
/** KB here is 1024 bytes (Vite's own report uses 1000, so its numbers look ~2.4% larger). */
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
const overBudget = budgetKb !== null && landingTotal / 1024 > budgetKb;

if (json) {
  console.log(
    JSON.stringify(
      {
        distDir,
        landing: {
          totalGzip: landingTotal,
          totalRaw: sum('raw'),
          sentBrotli: sum('sentBrotli'),
          sentGzip: sum('sentGzip'),
          files: landingFiles,
        },
        largestRouteChunk: largest,
        budgetKb,
        overBudget,
      },
      null,
      2,
    ),
  );
} else {
  console.log(`JavaScript loaded by / (gzip): ${kb(landingTotal)} in ${landingFiles.length} file(s)`);
  console.log(
    `  as sent by the server: ${kb(sum('sentBrotli'))} brotli, ${kb(sum('sentGzip'))} gzip, ${kb(sum('raw'))} uncompressed`,
  );
  for (const entry of landingFiles) console.log(`  ${entry.file.padEnd(44)} ${kb(entry.gzip)}`);
  if (largest) {
    console.log(
      `Largest route chunk (gzip): ${kb(largest.gzip)}  ${largest.file} (${kb(largest.chunkGzip)} itself + ${largest.files - 1} shared chunk(s) not on /)`,
    );
  }
  for (const entry of lazyChunks.slice(1, 6))
    console.log(`  next: ${entry.file.padEnd(40)} ${kb(entry.gzip)}`);
  if (budgetKb !== null) console.log(`Budget for /: ${budgetKb} KB gzip: ${overBudget ? 'OVER' : 'ok'}`);
}
process.exit(overBudget ? 1 : 0);
