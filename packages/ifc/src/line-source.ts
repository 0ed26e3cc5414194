import type { IfcLine, References } from './model-reader';

/**
 * What the extraction reads a model through: web-ifc (ModelReader) or the streaming STEP reader (step/step-model.ts).
 * Lines are web-ifc's line objects, or objects of the same shape.
 */
export interface LineSource {
  /** The line, or null for a dangling reference or a line that cannot be decoded. */
  line(id: number | null | undefined): IfcLine | null;
  /**
   * The references of some attributes of a line (see References), or null where `line` gives null: the same values
   * as referencesOf(line(id), names), read without decoding the rest where the source can. `names` is one
   * of a few constant lists: a source may remember what it worked out for each list.
   */
  references(id: number, names: readonly string[]): References | null;
  /** Several lines keyed by id; dangling ids are absent. */
  lines(ids: number[]): Map<number, IfcLine>;
  /** Schema casing of an entity type code, e.g. 'IfcWallStandardCase'. */
  typeName(typeCode: number): string;
  /** Ids of every line of a type (web-ifc's type code), subtypes included. */
  idsOf(typeCode: number): number[];
  entityCount(): number;
}
