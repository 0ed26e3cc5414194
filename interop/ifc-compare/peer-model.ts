import path from 'node:path';
import { IFCOPENSHELL_DIR } from '../support/paths';
import { runCommand, tail } from '../support/run-command';

/** What tools/ifcopenshell/extract.py prints for one file. */
export interface PeerProperty {
  set: string | null;
  kind: 'PropertySet' | 'QuantitySet' | 'TypePropertySet' | 'TypeQuantitySet';
  name: string | null;
  /** IfcOpenShell entity class of the property, e.g. IfcPropertySingleValue, IfcQuantityArea. */
  cls: string;
  /** Present for single values and quantities (the kinds compared by value). */
  value?: string | number | boolean | null;
  vtype?: string | null;
}

export interface PeerStorey {
  id: number;
  type: string;
  name: string | null;
  longName: string | null;
}

export interface PeerElement {
  expressId: number;
  globalId: string | null;
  type: string;
  storey: PeerStorey | null;
  /** When IfcOpenShell's helpers find no storey but an IfcRelContainedInSpatialStructure names this spatial element. */
  storeyByRawContainment?: PeerStorey | null;
  properties: PeerProperty[];
}

export type PeerModel =
  | { opened: true; schema: string; elements: PeerElement[] }
  | { opened: false; error: string };

/** Runs IfcOpenShell on a file. Exit 2 means IfcOpenShell cannot open it (reported, not an error). */
export async function readWithIfcOpenShell(python: string, file: string): Promise<PeerModel> {
  const r = await runCommand(python, [path.join(IFCOPENSHELL_DIR, 'extract.py'), file], { timeoutMs: 120_000 });
  if ((r.code === 0 || r.code === 2) && r.stdout.trim().startsWith('{')) return JSON.parse(r.stdout) as PeerModel;
  throw new Error(`extract.py ${path.basename(file)}: exit ${r.code}${r.timedOut ? ' (timed out)' : ''}: ${tail(r.stderr, 10)}`);
}
