import fs from 'node:fs';
import path from 'node:path';
import {
  API_SNAPSHOT_DIR,
  FERRETDB_SCRIPT,
  IFCOPENSHELL_DIR,
  OLINGO_DIR,
  OLINGO_JAR,
  REPO_ROOT,
} from './paths';
import { runCommand, tail } from './run-command';
import { type ToolStates, type ToolStatus, writeToolStates } from './tool-state';

const seconds = (name: string, fallback: number): number => 1000 * Number(process.env[name] ?? fallback);

async function onPath(program: string): Promise<boolean> {
  const r = await runCommand('sh', ['-c', `command -v ${program}`], { timeoutMs: 5000 });
  return r.code === 0;
}

/** Builds the API as `pnpm start` does, then snapshots the bundle so concurrent rebuilds cannot swap it mid-run. */
async function buildApi(): Promise<ToolStatus> {
  const started = Date.now();
  const apiDir = path.join(REPO_ROOT, 'apps/api');
  const r = await runCommand(process.execPath, ['build.mjs'], { cwd: apiDir, timeoutMs: 120_000 });
  const dist = path.join(apiDir, 'dist');
  if (r.code !== 0 || !fs.existsSync(path.join(dist, 'server.js'))) {
    return {
      status: 'error',
      reason: `api build failed: ${tail(r.stderr || r.stdout)}`,
      ms: Date.now() - started,
    };
  }
  fs.rmSync(API_SNAPSHOT_DIR, { recursive: true, force: true });
  fs.mkdirSync(API_SNAPSHOT_DIR, { recursive: true });
  for (const name of fs.readdirSync(dist)) {
    if (name.endsWith('.js')) fs.copyFileSync(path.join(dist, name), path.join(API_SNAPSHOT_DIR, name));
  }
  return { status: 'ready', path: path.join(API_SNAPSHOT_DIR, 'server.js'), ms: Date.now() - started };
}

async function buildFerretDb(): Promise<ToolStatus> {
  const r = await runCommand('bash', [FERRETDB_SCRIPT, 'build'], {
    timeoutMs: seconds('INTEROP_FERRETDB_BUILD_S', 600),
  });
  if (r.code === 0) return { status: 'ready', ms: r.ms };
  // exit 3 is the script's documented "no Go / build failed here": the machine lacks the tool.
  if (r.code === 3) return { status: 'skip', reason: tail(r.stderr), ms: r.ms };
  const why = r.timedOut ? 'build timed out' : `exit ${r.code}`;
  return { status: 'error', reason: `ferretdb.sh build: ${why}: ${tail(r.stderr)}`, ms: r.ms };
}

async function prepareIfcOpenShell(): Promise<ToolStatus> {
  const started = Date.now();
  const ms = () => Date.now() - started;
  const python = path.join(IFCOPENSHELL_DIR, '.venv/bin/python');
  const importable = async () =>
    (await runCommand(python, ['-c', 'import ifcopenshell'], { timeoutMs: 60_000 })).code === 0;
  if (fs.existsSync(python) && (await importable()))
    return withSchemas({ status: 'ready', path: python, ms: ms() });
  if (!(await onPath('python3'))) return { status: 'skip', reason: 'python3 not found on PATH', ms: ms() };
  const budget = seconds('INTEROP_PIP_S', 300);
  const venv = await runCommand('python3', ['-m', 'venv', '.venv'], {
    cwd: IFCOPENSHELL_DIR,
    timeoutMs: 120_000,
  });
  if (venv.code !== 0)
    return { status: 'skip', reason: `python3 -m venv failed: ${tail(venv.stderr)}`, ms: ms() };
  const pip = await runCommand(python, ['-m', 'pip', 'install', '-q', '-r', 'requirements.txt'], {
    cwd: IFCOPENSHELL_DIR,
    timeoutMs: budget,
  });
  if (pip.code !== 0 || !(await importable())) {
    const why = pip.timedOut ? `timed out after ${budget / 1000} s` : tail(pip.stderr || pip.stdout);
    return {
      status: 'skip',
      reason: `pip install ifcopenshell failed (PyPI unreachable?): ${why}`,
      ms: ms(),
    };
  }
  return withSchemas({ status: 'ready', path: python, ms: ms() });
}

/** Records which FILE_SCHEMA names this IfcOpenShell build opens, so suites know which samples to compare. */
async function withSchemas(status: ToolStatus): Promise<ToolStatus> {
  const r = await runCommand(
    status.path!,
    ['-c', 'import json, ifcopenshell.ifcopenshell_wrapper as w; print(json.dumps(list(w.schema_names())))'],
    { timeoutMs: 60_000 },
  );
  if (r.code !== 0)
    return { ...status, status: 'error', reason: `cannot list IfcOpenShell schemas: ${tail(r.stderr)}` };
  return { ...status, schemas: JSON.parse(r.stdout) as string[] };
}

function jarIsFresh(): boolean {
  if (!fs.existsSync(OLINGO_JAR)) return false;
  const built = fs.statSync(OLINGO_JAR).mtimeMs;
  const sources = [
    path.join(OLINGO_DIR, 'pom.xml'),
    path.join(OLINGO_DIR, 'src/main/java/aec/interop/FeedReader.java'),
  ];
  return sources.every((f) => fs.statSync(f).mtimeMs <= built);
}

async function buildOlingo(): Promise<ToolStatus> {
  const started = Date.now();
  const ms = () => Date.now() - started;
  if (!(await onPath('java'))) return { status: 'skip', reason: 'java not found on PATH', ms: ms() };
  if (!(await onPath('mvn'))) return { status: 'skip', reason: 'mvn not found on PATH', ms: ms() };
  if (jarIsFresh()) return { status: 'ready', path: OLINGO_JAR, ms: ms() };
  // Offline first: after one download the local repository has everything and no registry is asked.
  const offline = await runCommand('mvn', ['-q', '-B', '-o', 'package'], {
    cwd: OLINGO_DIR,
    timeoutMs: 180_000,
  });
  if (offline.code === 0 && fs.existsSync(OLINGO_JAR)) return { status: 'ready', path: OLINGO_JAR, ms: ms() };
  const budget = seconds('INTEROP_MVN_S', 400);
  const online = await runCommand('mvn', ['-q', '-B', 'package'], { cwd: OLINGO_DIR, timeoutMs: budget });
  if (online.code === 0 && fs.existsSync(OLINGO_JAR)) return { status: 'ready', path: OLINGO_JAR, ms: ms() };
  const why = online.timedOut ? `timed out after ${budget / 1000} s` : tail(online.stdout + online.stderr);
  return { status: 'skip', reason: `mvn package failed (Maven Central unreachable?): ${why}`, ms: ms() };
}

/** Prepares every peer tool in parallel (bounded), records what is usable, and prints the timings. */
export default async function globalSetup(): Promise<void> {
  const [api, ferretdb, ifcopenshell, olingo] = await Promise.all([
    buildApi(),
    buildFerretDb(),
    prepareIfcOpenShell(),
    buildOlingo(),
  ]);
  const states: ToolStates = { api, ferretdb, ifcopenshell, olingo };
  writeToolStates(states);
  const lines = Object.entries(states).map(
    ([name, s]) =>
      `  ${name.padEnd(13)} ${s.status.padEnd(6)} ${(s.ms / 1000).toFixed(1).padStart(6)} s${s.reason ? `  ${s.reason}` : ''}`,
  );
  console.log(`\n[interop] tool preparation:\n${lines.join('\n')}`);
  if (api.status !== 'ready') throw new Error(api.reason);
}
