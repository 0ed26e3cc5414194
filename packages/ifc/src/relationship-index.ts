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
import type { References } from './model-reader';

/** The attributes each relationship's tables read, by schema name (the same in every IFC schema). */
const CONTAINS = ['RelatedElements', 'RelatingStructure'] as const;
const DECOMPOSES = ['RelatingObject', 'RelatedObjects'] as const;
const DEFINES_BY_PROPERTIES = ['RelatedObjects', 'RelatingPropertyDefinition'] as const;
const DEFINES_BY_TYPE = ['RelatedObjects', 'RelatingType'] as const;
const ASSOCIATES_MATERIAL = ['RelatedObjects', 'RelatingMaterial'] as const;
const VOIDS = ['RelatingBuildingElement', 'RelatedOpeningElement'] as const;
const FILLS = ['RelatingOpeningElement', 'RelatedBuildingElement'] as const;

/** One attribute's references (undefined past the names asked for). */
type Reference = References[number] | undefined;

/** A single reference, as refId reads an attribute: null for a list or anything else. */
const single = (value: Reference): number | null => (typeof value === 'number' ? value : null);
/** References, as refIds reads an attribute: a single one counts as a list of one. */
const many = (value: Reference): number[] => (typeof value === 'number' ? [value] : (value ?? []));

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
    this.each(IFCRELCONTAINEDINSPATIALSTRUCTURE, CONTAINS, ([elements, structure]) => {
      const container = single(structure);
      if (container === null) return;
      for (const element of many(elements)) this.contained.add(element, container);
    });
    this.each(IFCRELAGGREGATES, DECOMPOSES, ([whole, parts]) => this.parent(this.aggregated, whole, parts));
    this.each(IFCRELNESTS, DECOMPOSES, ([whole, parts]) => this.parent(this.nested, whole, parts));
    this.each(IFCRELDEFINESBYPROPERTIES, DEFINES_BY_PROPERTIES, ([objects, relating]) => {
      // IFC4 allows a set of definitions (IfcPropertySetDefinitionSet) here
      const definitions = many(relating);
      for (const object of many(objects)) {
        for (const definition of definitions) {
          this.definedBy.add(object, definition);
          this.definitionUses.add(definition, 0);
        }
      }
    });
    this.each(IFCRELDEFINESBYTYPE, DEFINES_BY_TYPE, ([objects, relating]) => {
      const type = single(relating);
      if (type === null) return;
      for (const object of many(objects)) this.typed.add(object, type);
    });
    this.each(IFCRELASSOCIATESMATERIAL, ASSOCIATES_MATERIAL, ([objects, relating]) => {
      const material = single(relating);
      if (material === null) return;
      for (const object of many(objects)) this.materials.add(object, material);
    });
    this.each(IFCRELVOIDSELEMENT, VOIDS, ([building, openingRef]) => {
      const host = single(building);
      const opening = single(openingRef);
      if (host !== null && opening !== null) this.voids.add(opening, host);
    });
    this.each(IFCRELFILLSELEMENT, FILLS, ([openingRef, building]) => {
      const opening = single(openingRef);
      const filler = single(building);
      if (opening !== null && filler !== null) this.fills.add(filler, opening);
    });
  }

  /** Each relationship of a type (subtypes included) that can be read, with the references of `names`. */
  private each(typeCode: number, names: readonly string[], visit: (refs: References) => void): void {
    for (const id of this.reader.idsOf(typeCode)) {
      const refs = this.reader.references(id, names);
      if (!refs) continue;
      this.relationshipCount++;
      visit(refs);
    }
  }

  private parent(pairs: IdPairs, relating: Reference, related: Reference): void {
    const whole = single(relating);
    if (whole === null) return;
    for (const part of many(related)) {
      if (part !== whole) pairs.add(part, whole);
    }
  }
}
