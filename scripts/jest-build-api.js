// Jest global setup: bundle the API (server, IFC worker, row writer) once per run, before any suite starts. Suites
// that start worker threads or the server load these bundles; building only when they were missing let a bundle
// left from older sources make a run fail for no reason after a pull or rebase. esbuild takes about a second.
const { execFileSync } = require('node:child_process');
const path = require('node:path');

module.exports = function buildApiBundles() {
  execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(__dirname, '../apps/api'), stdio: 'inherit' });
};
