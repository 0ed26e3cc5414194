import {
  IFCRELAGGREGATES,
  IFCRELASSOCIATESMATERIAL,
  IFCRELCONTAINEDINSPATIALSTRUCTURE,
  IFCRELDEFINESBYPROPERTIES,
  IFCRELDEFINESBYTYPE,
  IFCRELFILLSELEMENT,
  IFCRELNESTS,
  IFCRELVOIDSELEMENT,
} from './ifc-type-codes';
import { type IdLookup, IdPairs } from './id-pairs';
import type { LineSource } from './line-source';
import { refId, refIds } from './model-reader';

/**
 * Every relationship of the model read once into tables keyed by the related object. This is what
 * keeps extraction linear: web-ifc's per-element property helpers rescan all relationships per call.
 * The tables are sorted id pairs (id-pairs.ts), a few bytes per pair, so a model of millions of objects fits.
 */
export class RelationshipIndex {
  private readonly contained = new IdPairs();
  private readonly aggregated = new IdPairs();
  private readonly nested = new IdPairs();
  private readonly definedBy = new IdPairs();
  private readonly definitionUses = new IdPairs();
  private readonly typed = new IdPairs();
  private readonly materials = new IdPairs();
  private readonly voids = new IdPairs();
  private readonly fills = new IdPairs();
  /** element → spatial structure element containing it (the first containment met) */
  readonly containedIn: IdLookup<number> = this.contained.first;
  /** part → whole (IfcRelAggregates) */
  readonly aggregatedBy: IdLookup<number> = this.aggregated.first;
  /** nested part → host (IfcRelNests) */
  readonly nestedBy: IdLookup<number> = this.nested.first;
  /** object → property set definitions (IfcPropertySet, IfcElementQuantity, …) */
  readonly propertySetsOf: IdLookup<number[]> = this.definedBy.all;
  /** how many objects share a property set: shared ones are decoded once and cached */
  readonly propertySetUses: IdLookup<number> = this.definitionUses.count;
  /** object → type object (the last typing met) */
  readonly typeOf: IdLookup<number> = this.typed.last;
  /** object (instance or type) → material selects */
  readonly materialsOf: IdLookup<number[]> = this.materials.all;
  /** opening → the element it voids */
  readonly voidedElementOf: IdLookup<number> = this.voids.last;
  /** door/window → the opening it fills */
  readonly filledOpeningOf: IdLookup<number> = this.fills.last;
  relationshipCount = 0;

  constructor(private readonly reader: LineSource) {
    this.each(IFCRELCONTAINEDINSPATIALSTRUCTURE, (rel) => {
      const structure = refId(rel.RelatingStructure);
      if (structure === null) return;
      for (const element of refIds(rel.RelatedElements)) this.contained.add(element, structure);
    });
    this.each(IFCRELAGGREGATES, (rel) =>
      this.parent(this.aggregated, rel.RelatingObject, rel.RelatedObjects),
    );
    this.each(IFCRELNESTS, (rel) => this.parent(this.nested, rel.RelatingObject, rel.RelatedObjects));
    this.each(IFCRELDEFINESBYPROPERTIES, (rel) => {
      // IFC4 allows a set of definitions (IfcPropertySetDefinitionSet) here
      const definitions = refIds(rel.RelatingPropertyDefinition);
      for (const object of refIds(rel.RelatedObjects)) {
        for (const definition of definitions) {
          this.definedBy.add(object, definition);
          this.definitionUses.add(definition, 0);
        }
      }
    });
    this.each(IFCRELDEFINESBYTYPE, (rel) => {
      const type = refId(rel.RelatingType);
      if (type === null) return;
      for (const object of refIds(rel.RelatedObjects)) this.typed.add(object, type);
    });
    this.each(IFCRELASSOCIATESMATERIAL, (rel) => {
      const material = refId(rel.RelatingMaterial);
      if (material === null) return;
      for (const object of refIds(rel.RelatedObjects)) this.materials.add(object, material);
    });
    this.each(IFCRELVOIDSELEMENT, (rel) => {
      const host = refId(rel.RelatingBuildingElement);
      const opening = refId(rel.RelatedOpeningElement);
      if (host !== null && opening !== null) this.voids.add(opening, host);
    });
    this.each(IFCRELFILLSELEMENT, (rel) => {
      const opening = refId(rel.RelatingOpeningElement);
      const filler = refId(rel.RelatedBuildingElement);
      if (opening !== null && filler !== null) this.fills.add(filler, opening);
    });
  }

  private each(typeCode: number, visit: (rel: Record<string, unknown>) => void): void {
    for (const id of this.reader.idsOf(typeCode)) {
      const rel = this.reader.line(id);
      if (!rel) continue;
      this.relationshipCount++;
      visit(rel);
    }
  }

  private parent(pairs: IdPairs, relating: unknown, related: unknown): void {
    const whole = refId(relating);
    if (whole === null) return;
    for (const part of refIds(related)) {
      if (part !== whole) pairs.add(part, whole);
    }
  }
}
