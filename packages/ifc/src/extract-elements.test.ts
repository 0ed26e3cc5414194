import { NO_STOREY_KEY } from './extract';
import { GENERATED_NAMES, generateIfcFixture } from './generate';
import { bayLength } from './generate/model-options';
import { type CollectedRows, byName, countByType, extractText } from './test-support/collect-rows';

const fixture = generateIfcFixture({ storeys: 2, bays: 3, seed: 7 });
let rows: CollectedRows;

beforeAll(async () => {
  rows = await extractText(fixture.text);
});

describe('element rows of a generated IFC4 model', () => {
  it('has one row per generated product, per type and per storey', () => {
    expect(countByType(rows.elements)).toEqual(fixture.counts.productsByType);
    expect(rows.summary.countsByType).toEqual(fixture.counts.productsByType);
    expect(rows.summary.productCount).toBe(fixture.counts.totalProducts);
    // site and building belong to no storey
    expect(rows.summary.countsByStorey).toEqual({ ...fixture.counts.productsByStorey, [NO_STOREY_KEY]: 2 });
    expect(rows.summary).toMatchObject({ schema: 'IFC4', schemaFamily: 'IFC4' });
    expect(rows.summary.entityCount).toBe((fixture.text.match(/^#\d+=/gm) ?? []).length);
  });

  it('reads identity columns of an exterior wall', () => {
    const wall = byName(rows.elements, 'Exterior wall 1.2');
    expect(wall.GlobalId).toMatch(/^[0-3][0-9A-Za-z_$]{21}$/);
    expect(fixture.text).toContain(`#${wall.ExpressId}=IFCWALL('${wall.GlobalId}'`);
    expect(wall).toMatchObject({
      IfcType: 'IfcWall',
      PredefinedType: 'STANDARD',
      Tag: 'EW-1.2',
      Description: null,
      ObjectType: null,
      TypeName: 'Exterior Wall 355',
      Storey: 'Level 1',
      StoreyElevation: 3000,
      Building: GENERATED_NAMES.building,
      Site: GENERATED_NAMES.site,
      Space: null,
      Material: 'Brick, Mineral wool, Gypsum board',
    });
  });

  it('takes Pset_*Common flags from the instance first, then from the type', () => {
    const exterior = byName(rows.elements, 'Exterior wall 0.1');
    expect(exterior).toMatchObject({ IsExternal: true, LoadBearing: true, Reference: 'EW-355' });
    expect(exterior.FireRating).toBe('REI 90'); // instance wins over the type's REI 30
    expect(exterior.AcousticRating).toBe('Rw 52 dB'); // only on the type
    expect(exterior.ThermalTransmittance).toBe(0.24);
    const interior = byName(rows.elements, 'Interior wall 0.1');
    expect(interior).toMatchObject({
      IsExternal: false,
      LoadBearing: false,
      FireRating: 'EI 30',
      PredefinedType: 'PARTITIONING',
    });
  });

  it('fills base quantity columns with the values in the file', () => {
    const wall = byName(rows.elements, 'Exterior wall 1.2');
    const side = (bayLength(2) * 3000) / 1e6;
    expect(wall).toMatchObject({
      Length: bayLength(2),
      Width: 355,
      Height: 3000,
      GrossSideArea: side,
      NetSideArea: side - 1.8,
    });
    expect(wall.GrossVolume).toBeCloseTo(side * 0.355, 6);
    expect(wall.GrossFootprintArea).toBeCloseTo((bayLength(2) * 355) / 1e6, 6);
    expect(wall.Depth).toBeNull();
    const slab = byName(rows.elements, 'Floor slab 0');
    expect(slab).toMatchObject({
      Width: 200,
      Combustible: false,
      LoadBearing: true,
      FireRating: 'REI 60',
      ThermalTransmittance: 0.3,
    });
    expect(slab.GrossArea).toBeCloseTo(((5000 + 5500 + 6000) * 6000) / 1e6, 6);
    expect(slab.GrossWeight).toBeGreaterThan(0);
    expect(byName(rows.elements, 'Beam 0.0').NetWeight).toBeCloseTo(5000 * 0.628, 6);
  });

  it('finds materials of every kind, through the type object when the instance has none', () => {
    expect(byName(rows.elements, 'Interior wall 0.0').Material).toBe('Gypsum board, Steel'); // IfcMaterialList
    expect(byName(rows.elements, 'Beam 0.0').Material).toBe('Steel'); // profile set usage
    expect(byName(rows.elements, 'Window 0.0').Material).toBe('Aluminium, Glass'); // constituent set on the type
    expect(byName(rows.elements, 'Door 0.0').Material).toBe('Oak'); // IfcMaterial on the type
    expect(byName(rows.elements, 'Floor slab 1').Material).toBe('Concrete'); // layer set usage
    expect(byName(rows.elements, 'Opening 0.0').Material).toBeNull();
  });

  it('reads windows and doors with their type, flags and areas', () => {
    const window = byName(rows.elements, 'Window 1.0');
    expect(window).toMatchObject({
      IfcType: 'IfcWindow',
      PredefinedType: 'WINDOW',
      TypeName: 'Window 1200x1500',
      IsExternal: true,
    });
    expect(window).toMatchObject({
      ThermalTransmittance: 1.1,
      Width: 1200,
      Height: 1500,
      GrossArea: 1.8,
      Storey: 'Level 1',
    });
    const door = byName(rows.elements, 'Door 1.1');
    expect(door).toMatchObject({
      TypeName: 'Door 900x2100',
      HandicapAccessible: true,
      FireExit: false,
      FireRating: 'EI2 30',
    });
  });

  it('places openings, stair flights and furniture via the voided element, the aggregate and the space', () => {
    const openings = rows.elements.filter((e) => e.IfcType === 'IfcOpeningElement');
    expect(openings).toHaveLength(fixture.counts.productsByType.IfcOpeningElement ?? -1);
    expect(openings.every((o) => o.Storey === 'Level 0' || o.Storey === 'Level 1')).toBe(true);
    expect(openings.filter((o) => o.Depth === 355)).toHaveLength(openings.length / 2);
    expect(byName(rows.elements, 'Flight 1')).toMatchObject({
      Storey: 'Level 1',
      StoreyElevation: 3000,
      Material: 'Concrete',
    });
    expect(byName(rows.elements, 'Desk 0.0')).toMatchObject({
      Space: GENERATED_NAMES.apostropheSpace,
      Storey: 'Level 0',
      Material: 'Oak',
      PredefinedType: 'DESK',
    });
    expect(byName(rows.elements, 'Desk 1.2')).toMatchObject({ Space: 'Room 1.2', Storey: 'Level 1' });
    expect(byName(rows.elements, 'Column 0.0').Length).toBe(3000); // from the type's quantity set
  });

  it('gives spatial elements their own place in the tree', () => {
    expect(byName(rows.elements, 'Level 1')).toMatchObject({
      IfcType: 'IfcBuildingStorey',
      Storey: 'Level 1',
      StoreyElevation: 3000,
    });
    const space = byName(rows.elements, 'Room 1.1');
    expect(space).toMatchObject({
      Space: 'Room 1.1',
      Storey: 'Level 1',
      Reference: 'Office',
      HandicapAccessible: true,
    });
    expect(space.GrossArea).toBeCloseTo((5500 * 6000) / 1e6, 6);
    expect(space.NetArea).toBeCloseTo((5500 * 6000 * 0.95) / 1e6, 6);
    expect(byName(rows.elements, GENERATED_NAMES.building)).toMatchObject({
      Storey: null,
      Building: GENERATED_NAMES.building,
    });
    expect(byName(rows.elements, GENERATED_NAMES.site)).toMatchObject({
      Storey: null,
      Building: null,
      Site: GENERATED_NAMES.site,
    });
  });

  it('decodes STEP string escapes: \\X2\\, \\S\\ and doubled quotes', () => {
    expect(fixture.text).toContain("'B\\X2\\00FC\\X0\\rogeb\\X2\\00E4\\X0\\ude'");
    expect(fixture.text).toContain("'Gro\\S\\_e Wiese'");
    expect(fixture.text).toContain("'O''Brien Room'");
    const names = rows.elements.map((e) => e.Name);
    expect(names).toEqual(expect.arrayContaining(['Bürogebäude', 'Große Wiese', "O'Brien Room"]));
  });
});
