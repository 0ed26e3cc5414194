import type { IfcLine } from './model-reader';

/**
 * What the extraction reads a model through: web-ifc (ModelReader) or the streaming STEP reader (step/step-model.ts).
 * Lines are web-ifc's line objects, or objects of the same shape.
 */
export interface LineSource {
  /** The line, or null for a dangling reference or a line that cannot be decoded. */
  line(id: number | null | undefined): IfcLine | null;
  /** Several lines keyed by id; dangling ids are absent. */
  lines(ids: number[]): Map<number, IfcLine>;
  /** Schema casing of an entity type code, e.g. 'IfcWallStandardCase'. */
  typeName(typeCode: number): string;
  /** Ids of every line of a type (web-ifc's type code), subtypes included. */
  idsOf(typeCode: number): number[];
  entityCount(): number;
}
