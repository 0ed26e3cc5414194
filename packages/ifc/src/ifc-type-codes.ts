import { crc32 } from 'node:zlib';
import { StepSchema } from './step/step-schema';

/**
 * The entity type codes the row building asks for, as web-ifc numbers them (the CRC-32 of the upper-case name, the
 * same in every schema), without loading web-ifc: its ~6 MB of JavaScript took ~0.2 s to load, which the streaming
 * extractor paid for constants alone. ifc-type-codes.test.ts checks them against web-ifc's.
 */
export const typeCode = (entityName: string): number => crc32(entityName.toUpperCase());

export const IFCPROJECT = typeCode('IfcProject');
export const IFCPRODUCT = typeCode('IfcProduct');
export const IFCSPATIALSTRUCTUREELEMENT = typeCode('IfcSpatialStructureElement');
export const IFCMATERIALPROPERTIES = typeCode('IfcMaterialProperties');
export const IFCPROPERTYSETDEFINITION = typeCode('IfcPropertySetDefinition');
export const IFCRELAGGREGATES = typeCode('IfcRelAggregates');
export const IFCRELASSOCIATESMATERIAL = typeCode('IfcRelAssociatesMaterial');
export const IFCRELCONTAINEDINSPATIALSTRUCTURE = typeCode('IfcRelContainedInSpatialStructure');
export const IFCRELDEFINESBYPROPERTIES = typeCode('IfcRelDefinesByProperties');
export const IFCRELDEFINESBYTYPE = typeCode('IfcRelDefinesByType');
export const IFCRELFILLSELEMENT = typeCode('IfcRelFillsElement');
export const IFCRELNESTS = typeCode('IfcRelNests');
export const IFCRELVOIDSELEMENT = typeCode('IfcRelVoidsElement');

let propertySetDefinitions: Set<number> | null = null;

/** The codes of every subtype of IfcPropertySetDefinition (not itself: it is abstract) in any layout the product reads. */
export function propertySetDefinitionTypes(): Set<number> {
  if (!propertySetDefinitions) {
    propertySetDefinitions = new Set();
    for (const layout of ['IFC2X3', 'IFC4', 'IFC4X3'] as const) {
      const schema = StepSchema.of(layout);
      const root = schema.entity('IFCPROPERTYSETDEFINITION');
      for (const entity of root ? schema.subtypesOf(root) : [])
        if (entity !== root) propertySetDefinitions.add(entity.code);
    }
  }
  return propertySetDefinitions;
}
