import {
  IFCRELAGGREGATES,
  IFCRELASSOCIATESMATERIAL,
  IFCRELCONTAINEDINSPATIALSTRUCTURE,
  IFCRELDEFINESBYPROPERTIES,
  IFCRELDEFINESBYTYPE,
  IFCRELFILLSELEMENT,
  IFCRELNESTS,
  IFCRELVOIDSELEMENT,
} from 'web-ifc';
import type { LineSource } from './line-source';
import { refId, refIds } from './model-reader';

function push(map: Map<number, number[]>, key: number, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Every relationship of the model read once into maps keyed by the related object. This is what
 * keeps extraction linear: web-ifc's per-element property helpers rescan all relationships per call.
 */
export class RelationshipIndex {
  /** element → spatial structure element containing it */
  readonly containedIn = new Map<number, number>();
  /** part → whole (IfcRelAggregates) */
  readonly aggregatedBy = new Map<number, number>();
  /** nested part → host (IfcRelNests) */
  readonly nestedBy = new Map<number, number>();
  /** object → property set definitions (IfcPropertySet, IfcElementQuantity, …) */
  readonly propertySetsOf = new Map<number, number[]>();
  /** how many objects share a property set: shared ones are decoded once and cached */
  readonly propertySetUses = new Map<number, number>();
  /** object → type object */
  readonly typeOf = new Map<number, number>();
  /** object (instance or type) → material selects */
  readonly materialsOf = new Map<number, number[]>();
  /** opening → the element it voids */
  readonly voidedElementOf = new Map<number, number>();
  /** door/window → the opening it fills */
  readonly filledOpeningOf = new Map<number, number>();
  relationshipCount = 0;

  constructor(private readonly reader: LineSource) {
    this.each(IFCRELCONTAINEDINSPATIALSTRUCTURE, (rel) => {
      const structure = refId(rel.RelatingStructure);
      if (structure === null) return;
      for (const element of refIds(rel.RelatedElements)) {
        if (!this.containedIn.has(element)) this.containedIn.set(element, structure);
      }
    });
    this.each(IFCRELAGGREGATES, (rel) =>
      this.parent(this.aggregatedBy, rel.RelatingObject, rel.RelatedObjects),
    );
    this.each(IFCRELNESTS, (rel) => this.parent(this.nestedBy, rel.RelatingObject, rel.RelatedObjects));
    this.each(IFCRELDEFINESBYPROPERTIES, (rel) => {
      // IFC4 allows a set of definitions (IfcPropertySetDefinitionSet) here
      const definitions = refIds(rel.RelatingPropertyDefinition);
      for (const object of refIds(rel.RelatedObjects)) {
        for (const definition of definitions) {
          push(this.propertySetsOf, object, definition);
          this.propertySetUses.set(definition, (this.propertySetUses.get(definition) ?? 0) + 1);
        }
      }
    });
    this.each(IFCRELDEFINESBYTYPE, (rel) => {
      const type = refId(rel.RelatingType);
      if (type === null) return;
      for (const object of refIds(rel.RelatedObjects)) this.typeOf.set(object, type);
    });
    this.each(IFCRELASSOCIATESMATERIAL, (rel) => {
      const material = refId(rel.RelatingMaterial);
      if (material === null) return;
      for (const object of refIds(rel.RelatedObjects)) push(this.materialsOf, object, material);
    });
    this.each(IFCRELVOIDSELEMENT, (rel) => {
      const host = refId(rel.RelatingBuildingElement);
      const opening = refId(rel.RelatedOpeningElement);
      if (host !== null && opening !== null) this.voidedElementOf.set(opening, host);
    });
    this.each(IFCRELFILLSELEMENT, (rel) => {
      const opening = refId(rel.RelatingOpeningElement);
      const filler = refId(rel.RelatedBuildingElement);
      if (opening !== null && filler !== null) this.filledOpeningOf.set(filler, opening);
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

  private parent(map: Map<number, number>, relating: unknown, related: unknown): void {
    const whole = refId(relating);
    if (whole === null) return;
    for (const part of refIds(related)) {
      if (part !== whole && !map.has(part)) map.set(part, whole);
    }
  }
}
