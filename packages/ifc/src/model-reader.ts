import type { IfcAPI } from 'web-ifc';
import type { LineSource } from './line-source';
import { IFCRELDEFINESBYPROPERTIES } from './ifc-type-codes';

/** A web-ifc line object (GetLine without flattening): attributes by schema name. */
export type IfcLine = { expressID: number; type: number } & Record<string, unknown>;

interface Wrapped {
  value?: unknown;
  type?: unknown;
}

function asWrapped(v: unknown): Wrapped | null {
  return v !== null && typeof v === 'object' ? (v as Wrapped) : null;
}

/** The express id of a reference attribute ({type: 5, value: id}), else null. */
export function refId(v: unknown): number | null {
  const w = asWrapped(v);
  return w && w.type === 5 && typeof w.value === 'number' ? w.value : null;
}

/** Express ids of a list of references (a single reference counts as a list of one). */
export function refIds(v: unknown): number[] {
  if (!Array.isArray(v)) {
    const one = refId(v);
    return one === null ? [] : [one];
  }
  const ids: number[] = [];
  for (const item of v) {
    const id = refId(item);
    if (id !== null) ids.push(id);
  }
  return ids;
}

/**
 * Reference-valued attributes of a line, one per attribute asked for: a reference's id (what refId reads), the direct
 * references of a list (what refIds reads of it), null for anything else. What the relationship tables read.
 */
export type References = Array<number | number[] | null>;

/** The References of `names` in a decoded line. */
export function referencesOf(line: IfcLine, names: readonly string[]): References {
  return names.map((name) => {
    const value = line[name];
    return Array.isArray(value) ? refIds(value) : refId(value);
  });
}

/**
 * Text of a label/identifier/enum attribute. web-ifc decodes STEP escapes (\X2\, \X4\, \X\, \S\, '');
 * it would blank a whole string for one invalid escape, which is why repairStepText fixes those before
 * web-ifc reads the file. An empty string becomes null.
 */
export function text(v: unknown): string | null {
  const value = asWrapped(v)?.value;
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Numeric attribute value (web-ifc number handles expose the parsed number as .value). */
export function num(v: unknown): number | null {
  const value = typeof v === 'number' ? v : asWrapped(v)?.value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** IfcRelDefinesByProperties(GlobalId, OwnerHistory, Name, Description, RelatedObjects, RelatingPropertyDefinition) */
const RELATING_PROPERTY_DEFINITION_AT = 5;

/** Null-safe access to one open web-ifc model. */
export class ModelReader implements LineSource {
  private readonly typeNames = new Map<number, string>();

  constructor(
    readonly api: IfcAPI,
    readonly modelID: number,
  ) {}

  /** The line, or null for a dangling reference or a line web-ifc cannot decode. */
  line(id: number | null | undefined): IfcLine | null {
    if (typeof id !== 'number' || id <= 0) return null;
    try {
      const line = this.api.GetLine(this.modelID, id) as IfcLine | undefined;
      return line && typeof line.type === 'number' ? this.mended(line) : null;
    } catch {
      return null;
    }
  }

  references(id: number, names: readonly string[]): References | null {
    const line = this.line(id);
    return line ? referencesOf(line, names) : null;
  }

  /**
   * Several lines in one call into wasm (noticeably cheaper than one GetLine each), keyed by id;
   * dangling ids are simply absent. Falls back to line-by-line if web-ifc rejects one line.
   */
  lines(ids: number[]): Map<number, IfcLine> {
    const found = new Map<number, IfcLine>();
    const wanted = ids.filter((id) => typeof id === 'number' && id > 0);
    if (wanted.length === 0) return found;
    try {
      for (const line of this.api.GetLines(this.modelID, wanted) as Array<IfcLine | undefined>) {
        if (line && typeof line.type === 'number') found.set(line.expressID, this.mended(line));
      }
    } catch {
      for (const id of wanted) {
        const line = this.line(id);
        if (line) found.set(id, line);
      }
    }
    return found;
  }

  /**
   * IFC4 lets IfcRelDefinesByProperties name a set of property sets (IfcPropertySetDefinitionSet, written as a list);
   * web-ifc's line then holds a reference without an id and the sets would be lost. Their ids are read from the raw
   * arguments instead, as the streaming reader reads them.
   */
  private mended(line: IfcLine): IfcLine {
    if (line.type !== IFCRELDEFINESBYPROPERTIES) return line;
    const definition = line.RelatingPropertyDefinition;
    if (definition === null || refId(definition) !== null || Array.isArray(definition)) return line;
    try {
      const raw = this.api.GetRawLineData(this.modelID, line.expressID) as { arguments?: unknown[] };
      const written = raw.arguments?.[RELATING_PROPERTY_DEFINITION_AT];
      if (Array.isArray(written)) return { ...line, RelatingPropertyDefinition: written };
    } catch {
      // as web-ifc read it
    }
    return line;
  }

  /** Schema casing of an entity type code, e.g. 'IfcWallStandardCase'. */
  typeName(typeCode: number): string {
    let name = this.typeNames.get(typeCode);
    if (name === undefined) {
      name = this.api.GetNameFromTypeCode(typeCode) || `#type${typeCode}`;
      this.typeNames.set(typeCode, name);
    }
    return name;
  }

  /** Ids of every line of a type, subtypes included. */
  idsOf(typeCode: number): number[] {
    const vector = this.api.GetLineIDsWithType(this.modelID, typeCode, true);
    const ids: number[] = new Array(vector.size());
    for (let i = 0; i < ids.length; i++) ids[i] = vector.get(i);
    return ids;
  }

  entityCount(): number {
    return this.api.GetAllLines(this.modelID).size();
  }
}
