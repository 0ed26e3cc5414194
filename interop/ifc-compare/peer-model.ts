import path from 'node:path';
import { IFCOPENSHELL_DIR } from '../support/paths';
import { runCommand, tail } from '../support/run-command';

/** What tools/ifcopenshell/extract.py prints for one file. */
export interface PeerProperty {
  set: string | null;
  kind: 'PropertySet' | 'QuantitySet' | 'TypePropertySet' | 'TypeQuantitySet';
  name: string | null;
  /**
   * IfcOpenShell entity class of the property, e.g. IfcPropertySingleValue, IfcQuantityArea; 'PredefinedAttribute'
   * for an attribute of a predefined set (IfcDoorLiningProperties.LiningDepth …).
   */
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
  | {
      opened: true;
      /** The schema family IfcOpenShell read with (IFC4X3 for every 4.3 name). */
      schema: string;
      /** The exact schema it opened the file with (IFC4X3_TC1). */
      schemaIdentifier: string;
      elements: PeerElement[];
    }
  | { opened: false; error: string };

/**
 * Declared schemas IfcOpenShell has no layout for, read with the released schema they precede (as our product
 * does for web-ifc). IFC4X3_RC2 is not here: read as IFC4X3, IfcOpenShell drops 112 of its 119 products
 * (entities renamed between RC2 and the release), so a comparison would measure the alias, not us.
 */
export const PEER_SCHEMA_ALIASES: Record<string, string> = { IFC2X_FINAL: 'IFC2X3', IFC4RC4: 'IFC4' };

/** Runs IfcOpenShell on a file. Exit 2 means IfcOpenShell cannot open it (reported, not an error). */
export async function readWithIfcOpenShell(
  python: string,
  file: string,
  readAs?: string,
): Promise<PeerModel> {
  const args = [path.join(IFCOPENSHELL_DIR, 'extract.py'), file, ...(readAs ? ['--read-as', readAs] : [])];
  const r = await runCommand(python, args, { timeoutMs: 120_000 });
  if ((r.code === 0 || r.code === 2) && r.stdout.trim().startsWith('{'))
    return JSON.parse(r.stdout) as PeerModel;
  throw new Error(
    `extract.py ${path.basename(file)}: exit ${r.code}${r.timedOut ? ' (timed out)' : ''}: ${tail(r.stderr, 10)}`,
  );
}
