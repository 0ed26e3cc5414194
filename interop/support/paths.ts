import fs from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const INTEROP_DIR = path.join(REPO_ROOT, 'interop');
export const STATE_FILE = path.join(INTEROP_DIR, '.state/tools.json');
// named dist so the root eslint config ignores the bundle copy
export const API_SNAPSHOT_DIR = path.join(INTEROP_DIR, '.state/dist');
export const REPORTS_DIR = path.join(INTEROP_DIR, 'reports');
export const IFCOPENSHELL_DIR = path.join(REPO_ROOT, 'tools/ifcopenshell');
export const OLINGO_DIR = path.join(REPO_ROOT, 'tools/olingo-client');
export const OLINGO_JAR = path.join(OLINGO_DIR, 'target/olingo-client.jar');
export const FERRETDB_SCRIPT = path.join(REPO_ROOT, 'scripts/ferretdb.sh');
/** Real models live beside the repository, not in it (their licences differ from ours). */
export const SAMPLES_DIR = path.resolve(REPO_ROOT, '../shared/ifc-samples');

export interface ExpectedSample {
  schema: string;
  totalProducts: number;
  productCountsByType: Record<string, number>;
}

/** expected-counts.json of the shared samples, or null when the folder is absent. */
export function loadExpectedCounts(): Record<string, ExpectedSample> | null {
  const file = path.join(SAMPLES_DIR, 'expected-counts.json');
  if (!fs.existsSync(file)) return null;
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { files: Record<string, ExpectedSample> }).files;
}

export const samplesSkipReason = `IFC samples folder ${SAMPLES_DIR} is absent`;
