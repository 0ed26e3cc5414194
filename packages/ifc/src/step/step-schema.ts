import { crc32 } from 'node:zlib';
import { GENERATED_LAYOUTS } from './ifc-schemas.generated';

export type LayoutName = 'IFC2X3' | 'IFC4' | 'IFC4X3';

export interface EntityAttribute {
  name: string;
  /** Declared type's name (IfcLabel, IfcValue, IfcNamedUnit…); '' for an inherited attribute redeclared as derived. */
  type: string;
}

export interface EntityLayout {
  index: number;
  /** Schema casing, e.g. 'IfcWallStandardCase'. */
  name: string;
  /** web-ifc's type code: the CRC-32 of the upper-case name. */
  code: number;
  supertype: EntityLayout | null;
  /** Every attribute in STEP order, inherited ones first. */
  attributes: EntityAttribute[];
}

/**
 * Which attribute layout web-ifc reads a declared FILE_SCHEMA with (its SchemaNames): the streaming reader must read
 * each file exactly as the reference extractor does. Release candidates of IFC4 are read as IFC4 (see open-model.ts),
 * every IFC4X* name with the IFC4X3 layout.
 */
export function layoutOf(declaredSchema: string): LayoutName {
  const name = declaredSchema.trim().toUpperCase();
  if (name === 'IFC2X3' || name === 'IFC2X_FINAL') return 'IFC2X3';
  if (name.startsWith('IFC4X')) return 'IFC4X3';
  return 'IFC4';
}

/** Entity and defined-type knowledge of one layout, built from the generated definitions. */
export class StepSchema {
  readonly entities: EntityLayout[] = [];
  private readonly byUpper = new Map<string, EntityLayout>();
  private readonly byCode = new Map<number, EntityLayout>();
  private readonly subtypes = new Map<EntityLayout, EntityLayout[]>();
  private readonly definedByUpper = new Map<string, string>();
  private readonly booleanTypes: Set<string>;

  private constructor(readonly layout: LayoutName) {
    const generated = GENERATED_LAYOUTS[layout];
    if (!generated) throw new Error(`no generated layout ${layout}`);
    this.booleanTypes = new Set([...generated.booleanTypes, 'boolean', 'logical']);
    for (const name of generated.definedTypes.split(' ')) this.definedByUpper.set(name.toUpperCase(), name);
    const rows = new Map(generated.entities.map((row) => [row[0], row]));
    const build = (name: string): EntityLayout => {
      const known = this.byUpper.get(name.toUpperCase());
      if (known) return known;
      const row = rows.get(name);
      if (!row) throw new Error(`${layout}: unknown entity ${name}`);
      const [, parentName, own, derived = ''] = row;
      const supertype = parentName ? build(parentName) : null;
      const redeclared = new Set(derived.split(' '));
      const attributes: EntityAttribute[] = (supertype?.attributes ?? []).map((a) =>
        redeclared.has(a.name) ? { name: a.name, type: '' } : a,
      );
      for (const pair of own ? own.split(' ') : []) {
        const colon = pair.indexOf(':');
        attributes.push({ name: pair.slice(0, colon), type: pair.slice(colon + 1) });
      }
      const upper = name.toUpperCase();
      const entity: EntityLayout = {
        index: this.entities.length,
        name,
        code: crc32(upper),
        supertype,
        attributes,
      };
      this.entities.push(entity);
      this.byUpper.set(upper, entity);
      this.byCode.set(entity.code, entity);
      return entity;
    };
    for (const name of rows.keys()) build(name);
    for (const entity of this.entities) {
      for (let t: EntityLayout | null = entity; t; t = t.supertype) {
        const list = this.subtypes.get(t);
        if (list) list.push(entity);
        else this.subtypes.set(t, [entity]);
      }
    }
  }

  private static readonly cache = new Map<LayoutName, StepSchema>();

  static of(layout: LayoutName): StepSchema {
    let schema = StepSchema.cache.get(layout);
    if (!schema) {
      schema = new StepSchema(layout);
      StepSchema.cache.set(layout, schema);
    }
    return schema;
  }

  /** The entity named as a STEP record writes it (upper case), or undefined. */
  entity(upperName: string): EntityLayout | undefined {
    return this.byUpper.get(upperName);
  }

  entityByCode(code: number): EntityLayout | undefined {
    return this.byCode.get(code);
  }

  /** The entity itself and every subtype of it. */
  subtypesOf(entity: EntityLayout): EntityLayout[] {
    return this.subtypes.get(entity) ?? [entity];
  }

  isSubtypeOf(entity: EntityLayout, ancestorName: string): boolean {
    for (let t: EntityLayout | null = entity; t; t = t.supertype) if (t.name === ancestorName) return true;
    return false;
  }

  /** Schema casing of a defined type written in upper case (IFCLENGTHMEASURE → IfcLengthMeasure), or undefined. */
  definedType(upperName: string): string | undefined {
    return this.definedByUpper.get(upperName);
  }

  isBooleanType(name: string): boolean {
    return this.booleanTypes.has(name);
  }
}

const LAYOUT_NAMES: readonly LayoutName[] = ['IFC2X3', 'IFC4', 'IFC4X3'];

/** Schema casing of a defined type (upper case as written) in whichever supported schema defines it, or undefined. */
export function definedTypeInAnySchema(upperName: string): string | undefined {
  for (const layout of LAYOUT_NAMES) {
    const name = StepSchema.of(layout).definedType(upperName);
    if (name !== undefined) return name;
  }
  return undefined;
}
