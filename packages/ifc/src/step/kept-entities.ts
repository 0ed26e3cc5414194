import { type EntityLayout, type LayoutName, StepSchema } from './step-schema';

/**
 * The entity types the extraction reads, with all their subtypes: objects, relationships, property and quantity sets
 * (IfcRoot), properties, quantities, materials, units, and what an IfcPropertyReferenceValue may name. Geometry,
 * placements, representations and styles, most of a file's bytes, are skipped while reading.
 */
const KEPT_ROOTS = [
  'IfcRoot',
  'IfcProperty',
  'IfcPhysicalQuantity',
  'IfcMaterialDefinition',
  'IfcMaterial',
  'IfcMaterialList',
  'IfcMaterialLayer',
  'IfcMaterialLayerSet',
  'IfcMaterialLayerSetUsage',
  'IfcMaterialProfile',
  'IfcMaterialProfileSet',
  'IfcMaterialUsageDefinition',
  'IfcMaterialProperties',
  'IfcUnitAssignment',
  'IfcNamedUnit',
  'IfcDerivedUnit',
  'IfcDerivedUnitElement',
  'IfcMonetaryUnit',
  'IfcAddress',
  'IfcAppliedValue',
  'IfcExternalReference',
  'IfcOrganization',
  'IfcPerson',
  'IfcPersonAndOrganization',
  'IfcTable',
  'IfcTimeSeries',
  'IfcCalendarDate',
  'IfcLocalTime',
  'IfcDateAndTime',
];

/**
 * Properties and quantities are most of a property-heavy model's records and are only reached through their sets:
 * no per-type id list is kept for them (idsOf scans the id table instead, should it be asked for them).
 */
export const UNLISTED_ROOTS = ['IfcProperty', 'IfcPhysicalQuantity'];

/** Whether the extraction keeps records of this entity type (it or a supertype is one of KEPT_ROOTS). */
export const isKept = (schema: StepSchema, entity: EntityLayout) =>
  KEPT_ROOTS.some((root) => schema.isSubtypeOf(entity, root));

const LAYOUTS: readonly LayoutName[] = ['IFC2X3', 'IFC4', 'IFC4X3'];

/**
 * Whether an entity type the file's schema lacks could have carried row data: it is one the extraction keeps in
 * another IFC schema (IFCCOURSE, an IFC4X3 product, in an IFC4 file), or in none at all (a misspelt name). One that
 * every schema defining it leaves to geometry or presentation (IFCPRESENTATIONSTYLEASSIGNMENT in an IFC4X3 file) is
 * left out without a warning, as the same record in its own schema would be.
 */
export function couldCarryRows(upperName: string): boolean {
  let defined = false;
  for (const layout of LAYOUTS) {
    const schema = StepSchema.of(layout);
    const entity = schema.entity(upperName);
    if (!entity) continue;
    if (isKept(schema, entity)) return true;
    defined = true;
  }
  return !defined;
}
