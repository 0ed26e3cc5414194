import type { ElementRow, PropertyRow, SpatialRow } from '@aec/ifc';
import { elementColumnNames } from '../store/row-columns';

/** An element row with every column null except the ones given. */
export function elementRow(expressId: number, fields: Partial<ElementRow> = {}): ElementRow {
  const row = Object.fromEntries(elementColumnNames.map((name) => [name, null])) as unknown as ElementRow;
  return { ...row, ExpressId: expressId, IfcType: 'IfcWall', GlobalId: `G${expressId}`, ...fields };
}

export function propertyRow(expressId: number, fields: Partial<PropertyRow> = {}): PropertyRow {
  return {
    ElementGlobalId: `G${expressId}`,
    ElementExpressId: expressId,
    SetName: 'Pset_WallCommon',
    SetKind: 'PropertySet',
    PropertyName: 'FireRating',
    Value: 'F90',
    NumericValue: null,
    Unit: null,
    ValueType: 'IfcLabel',
    ...fields,
  };
}

export function spatialRow(expressId: number, fields: Partial<SpatialRow> = {}): SpatialRow {
  return {
    GlobalId: `S${expressId}`,
    ExpressId: expressId,
    IfcType: 'IfcBuildingStorey',
    Name: `Level ${expressId}`,
    LongName: null,
    Elevation: 0,
    ParentGlobalId: null,
    ParentType: null,
    Level: 2,
    ...fields,
  };
}
