/** Entity model: the single source of names and types for validation, compilers and $metadata. */

export type EdmPrimitive =
  | 'Edm.String'
  | 'Edm.Int32'
  | 'Edm.Int64'
  | 'Edm.Double'
  | 'Edm.Decimal'
  | 'Edm.Boolean'
  | 'Edm.DateTimeOffset'
  | 'Edm.Date'
  | 'Edm.Guid';

export interface PropertyDef {
  name: string;
  type: EdmPrimitive;
  nullable: boolean;
  /** Storage column (SQL column / Mongo field); defaults to `name`. */
  column?: string;
  /**
   * Storage fields holding the value as JavaScript's toLowerCase() / toUpperCase() map it, written by the store
   * with the row. The document store compiles tolower/toupper of this property to them: MongoDB's own
   * $toLower/$toUpper map ASCII only.
   */
  caseColumns?: { lower: string; upper: string };
}

export interface NavigationDef {
  name: string;
  /** Name of the target entity type. */
  target: string;
  collection: boolean;
  /** `property` on this type equals `referencedProperty` on the target. */
  constraint?: { property: string; referencedProperty: string }[];
  /** Navigation property on the target that points back (CSDL Partner). */
  partner?: string;
}

export interface EntityType {
  name: string;
  key: string[];
  properties: PropertyDef[];
  navigation: NavigationDef[];
  /** Storage table/collection; defaults to the name of the first entity set of this type. */
  table?: string;
}

export interface EntitySet {
  name: string;
  entityType: string;
}

export interface EntityModel {
  namespace: string;
  containerName: string;
  entityTypes: EntityType[];
  entitySets: EntitySet[];
}

export function findEntityType(model: EntityModel, name: string): EntityType | undefined {
  const short = name.startsWith(`${model.namespace}.`) ? name.slice(model.namespace.length + 1) : name;
  return model.entityTypes.find((t) => t.name === short);
}

export function findProperty(type: EntityType, name: string): PropertyDef | undefined {
  return type.properties.find((p) => p.name === name);
}

export function findNavigation(type: EntityType, name: string): NavigationDef | undefined {
  return type.navigation.find((n) => n.name === name);
}

export function columnOf(p: PropertyDef): string {
  return p.column ?? p.name;
}

/** Where rows of an entity type are stored. */
export function tableOf(model: EntityModel, type: EntityType): string {
  return type.table ?? model.entitySets.find((s) => s.entityType === type.name)?.name ?? type.name;
}
