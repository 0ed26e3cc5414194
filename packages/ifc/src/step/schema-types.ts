/** One of web-ifc's attribute layouts, as scripts/generate-step-schemas.mjs writes it. */
export interface GeneratedLayout {
  /** Defined types holding a boolean or logical (`.T.`, `.F.`, `.U.`). */
  booleanTypes: string[];
  /** Every defined type name (IfcLabel, IfcLengthMeasure…), separated by spaces. */
  definedTypes: string;
  /** [name, supertype, own attributes "Name:Type …", inherited attributes redeclared as derived "Name …"] */
  entities: Array<[string, string | null, string] | [string, string | null, string, string]>;
}
