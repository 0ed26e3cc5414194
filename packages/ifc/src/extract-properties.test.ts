import { GENERATED_NAMES, generateIfcFixture } from './generate';
import { type CollectedRows, byName, extractText } from './test-support/collect-rows';
import type { PropertyRow } from './types';

const fixture = generateIfcFixture({ storeys: 2, bays: 2, seed: 11 });
let rows: CollectedRows;

beforeAll(async () => {
  rows = await extractText(fixture.text);
});

function propertiesOf(elementName: string): PropertyRow[] {
  const element = byName(rows.elements, elementName);
  return rows.properties.filter((p) => p.ElementExpressId === element.ExpressId);
}

function property(elementName: string, setName: string, propertyName: string): PropertyRow {
  const found = propertiesOf(elementName).find(
    (p) => p.SetName === setName && p.PropertyName === propertyName,
  );
  if (!found) throw new Error(`${elementName} has no ${setName}.${propertyName}`);
  return found;
}

describe('property rows', () => {
  it('belong to extracted elements and are all counted', () => {
    const ids = new Map(rows.elements.map((e) => [e.ExpressId, e.GlobalId]));
    expect(rows.properties.length).toBeGreaterThan(0);
    expect(rows.properties.every((p) => ids.get(p.ElementExpressId) === p.ElementGlobalId)).toBe(true);
    expect(rows.summary.propertyCount).toBe(rows.properties.length);
  });

  it('label each set with its kind', () => {
    const kinds = (name: string) => new Set(propertiesOf(name).map((p) => `${p.SetKind}:${p.SetName}`));
    expect(kinds('Exterior wall 0.0')).toEqual(
      new Set([
        'PropertySet:Pset_WallCommon',
        'QuantitySet:Qto_WallBaseQuantities',
        'TypePropertySet:Pset_WallCommon',
      ]),
    );
    expect(kinds('Column 1.1')).toEqual(
      new Set([
        'PropertySet:Pset_ColumnCommon',
        'TypeQuantitySet:Qto_ColumnBaseQuantities',
        'MaterialProperty:Pset_MaterialCommon',
      ]),
    );
  });

  it('keep numbers as numbers and text as text, with the value type', () => {
    expect(property('Exterior wall 0.0', 'Pset_WallCommon', 'FireRating')).toMatchObject({
      SetKind: 'PropertySet',
      Value: 'REI 90',
      NumericValue: null,
      ValueType: 'IfcLabel',
      Unit: null,
    });
    expect(property('Exterior wall 0.0', 'Pset_WallCommon', 'IsExternal')).toMatchObject({
      Value: 'true',
      NumericValue: null,
      ValueType: 'IfcBoolean',
    });
    expect(property('Floor slab 1', 'AEC_SlabData', 'PourSequence')).toMatchObject({
      Value: '2',
      NumericValue: 2,
      ValueType: 'IfcInteger',
      Unit: null,
    });
    expect(property('Floor slab 0', 'AEC_SlabData', 'Inspected')).toMatchObject({
      Value: 'UNKNOWN',
      ValueType: 'IfcLogical',
    });
    expect(property('Floor slab 0', 'AEC_SlabData', 'Finish')).toMatchObject({
      Value: 'Screed, Tiles',
      ValueType: 'IfcLabel',
    });
    expect(property('Floor slab 0', 'Pset_MaterialCommon', 'MassDensity')).toMatchObject({
      SetKind: 'MaterialProperty',
      Value: '2400',
      NumericValue: 2400,
      ValueType: 'IfcMassDensityMeasure',
    });
  });

  it("label numbers with the project's units, or the property's own unit", () => {
    const unitOf = (set: string, name: string) => property('Floor slab 0', set, name).Unit;
    expect(unitOf('Qto_SlabBaseQuantities', 'Width')).toBe('mm');
    expect(unitOf('Qto_SlabBaseQuantities', 'GrossArea')).toBe('m2');
    expect(unitOf('Qto_SlabBaseQuantities', 'GrossVolume')).toBe('m3');
    expect(unitOf('Qto_SlabBaseQuantities', 'GrossWeight')).toBe('kg');
    expect(unitOf('Pset_SlabCommon', 'ThermalTransmittance')).toBe('W/(m2·K)');
    expect(unitOf('AEC_SlabData', 'SpanLength')).toBe('m'); // explicit IfcSIUnit on the property
    const length = property('Exterior wall 0.1', 'Qto_WallBaseQuantities', 'Length');
    expect(length).toMatchObject({
      SetKind: 'QuantitySet',
      NumericValue: 5500,
      Value: '5500',
      Unit: 'mm',
      ValueType: 'IfcLengthMeasure',
    });
  });

  it('repeat a shared property set for every element it describes', () => {
    const walls = rows.elements.filter((e) => e.Name?.startsWith('Exterior wall 0.'));
    expect(walls).toHaveLength(2);
    for (const wall of walls) {
      expect(property(wall.Name ?? '', 'Pset_WallCommon', 'LoadBearing').ElementGlobalId).toBe(wall.GlobalId);
    }
  });
});

describe('spatial rows', () => {
  it('list site, building, storeys and spaces with their parents and levels', () => {
    const byType = (type: string) => rows.spatial.filter((s) => s.IfcType === type);
    expect(rows.spatial).toHaveLength(1 + 1 + 2 + 4);
    expect(rows.summary.spatialCount).toBe(rows.spatial.length);
    const [site] = byType('IfcSite');
    const [building] = byType('IfcBuilding');
    expect(site).toMatchObject({ Name: GENERATED_NAMES.site, ParentType: 'IfcProject', Level: 0 });
    expect(site?.ParentGlobalId).toMatch(/^[0-3][0-9A-Za-z_$]{21}$/);
    expect(building).toMatchObject({
      Name: GENERATED_NAMES.building,
      ParentType: 'IfcSite',
      ParentGlobalId: site?.GlobalId,
      Level: 1,
    });
    const storeys = byType('IfcBuildingStorey');
    expect(storeys.map((s) => [s.Name, s.Elevation, s.Level, s.ParentGlobalId])).toEqual([
      ['Level 0', 0, 2, building?.GlobalId],
      ['Level 1', 3000, 2, building?.GlobalId],
    ]);
    const obrien = rows.spatial.find((s) => s.Name === GENERATED_NAMES.apostropheSpace);
    expect(obrien).toMatchObject({
      IfcType: 'IfcSpace',
      LongName: 'Office 0.0',
      ParentType: 'IfcBuildingStorey',
      ParentGlobalId: storeys[0]?.GlobalId,
      Level: 3,
    });
  });

  it('share ids with the element rows of the same objects', () => {
    const elementIds = new Map(rows.elements.map((e) => [e.ExpressId, e.GlobalId]));
    expect(rows.spatial.every((s) => elementIds.get(s.ExpressId) === s.GlobalId)).toBe(true);
  });
});
