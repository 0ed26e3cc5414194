import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  IFCFACILITY,
  IFCPRODUCT,
  IFCPROPERTYSETDEFINITION,
  IFCRELATIONSHIP,
  IFCSPATIALSTRUCTUREELEMENT,
  IFCWALL,
  InheritanceDef,
  SchemaNames,
} from 'web-ifc';
import { schemaFamilyOf } from '../schema-family';
import { type LayoutName, StepSchema, layoutOf } from './step-schema';

const ROOT = path.resolve(__dirname, '../../../..');
const LAYOUTS: LayoutName[] = ['IFC2X3', 'IFC4', 'IFC4X3'];
/** web-ifc's own tables number its layouts 1, 2, 3 */
const WEB_IFC_INDEX: Record<LayoutName, number> = { IFC2X3: 1, IFC4: 2, IFC4X3: 3 };

const entity = (layout: LayoutName, name: string) => {
  const found = StepSchema.of(layout).entity(name.toUpperCase());
  if (!found) throw new Error(`${layout} has no ${name}`);
  return found;
};
const attributeNames = (layout: LayoutName, name: string) =>
  entity(layout, name).attributes.map((a) => a.name);

/** Names of an entity's subtypes (itself included) according to our generated knowledge. */
function subtypeCodes(layout: LayoutName, code: number): number[] {
  const schema = StepSchema.of(layout);
  const root = schema.entityByCode(code);
  return root ? schema.subtypesOf(root).map((e) => e.code) : [];
}

describe('schema knowledge generated from the schema definitions', () => {
  it('is what the generator writes today (regenerate with node scripts/generate-step-schemas.mjs)', () => {
    const generated = execFileSync(
      process.execPath,
      [path.join(ROOT, 'scripts/generate-step-schemas.mjs'), '--stdout'],
      {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    expect(generated).toBe(readFileSync(path.join(__dirname, 'ifc-schemas.generated.ts'), 'utf8'));
  });

  it.each(LAYOUTS)(
    '%s: products, spatial elements, relationships and property sets are the subtypes web-ifc knows',
    (layout) => {
      const inheritance =
        (InheritanceDef as Record<number, Record<number, number[]>>)[WEB_IFC_INDEX[layout]] ?? {};
      for (const code of [
        IFCPRODUCT,
        IFCSPATIALSTRUCTUREELEMENT,
        IFCRELATIONSHIP,
        IFCPROPERTYSETDEFINITION,
      ]) {
        const ours = subtypeCodes(layout, code).filter((c) => c !== code);
        expect(ours.sort()).toEqual([...(inheritance[code] ?? [])].sort());
      }
    },
  );

  it('knows IfcWall as a product in every layout, with web-ifc’s type code', () => {
    for (const layout of LAYOUTS) {
      const wall = entity(layout, 'IfcWall');
      expect(wall.code).toBe(IFCWALL);
      expect(StepSchema.of(layout).isSubtypeOf(wall, 'IfcProduct')).toBe(true);
      expect(StepSchema.of(layout).isSubtypeOf(wall, 'IfcSpatialStructureElement')).toBe(false);
    }
  });

  it('has the attributes of each layout in STEP order, inherited ones first', () => {
    expect(attributeNames('IFC2X3', 'IfcWallStandardCase')).toHaveLength(8);
    expect(attributeNames('IFC4', 'IfcWallStandardCase')).toHaveLength(9);
    expect(attributeNames('IFC4X3', 'IfcWallStandardCase').at(-1)).toBe('PredefinedType');
    expect(attributeNames('IFC2X3', 'IfcRelDefinesByProperties')).toEqual([
      'GlobalId',
      'OwnerHistory',
      'Name',
      'Description',
      'RelatedObjects',
      'RelatingPropertyDefinition',
    ]);
    expect(entity('IFC4', 'IfcQuantityLength').attributes.find((a) => a.name === 'LengthValue')?.type).toBe(
      'IfcLengthMeasure',
    );
    // IfcSIUnit redeclares Dimensions as derived: its place stays, written `*`
    expect(entity('IFC4', 'IfcSIUnit').attributes).toEqual([
      { name: 'Dimensions', type: '' },
      { name: 'UnitType', type: 'IfcUnitEnum' },
      { name: 'Prefix', type: 'IfcSIPrefix' },
      { name: 'Name', type: 'IfcSIUnitName' },
    ]);
  });

  it('knows IFC4X3’s facilities and not in IFC2X3', () => {
    const schema = StepSchema.of('IFC4X3');
    const road = entity('IFC4X3', 'IfcRoad');
    expect(road.supertype?.name).toBe('IfcFacility');
    expect(entity('IFC4X3', 'IfcFacility').code).toBe(IFCFACILITY);
    expect(schema.isSubtypeOf(road, 'IfcSpatialStructureElement')).toBe(true);
    expect(StepSchema.of('IFC2X3').entity('IFCFACILITY')).toBeUndefined();
    expect(StepSchema.of('IFC4').entity('IFCWALLELEMENTEDCASE')).toBeDefined();
    expect(StepSchema.of('IFC2X3').entity('IFCWALLELEMENTEDCASE')).toBeUndefined();
  });

  it('names defined types in schema casing and knows the boolean ones', () => {
    const schema = StepSchema.of('IFC4');
    expect(schema.definedType('IFCPOSITIVELENGTHMEASURE')).toBe('IfcPositiveLengthMeasure');
    expect(schema.definedType('IFCLABEL')).toBe('IfcLabel');
    expect(schema.definedType('IFCWALL')).toBeUndefined();
    expect(schema.isBooleanType('IfcBoolean') && schema.isBooleanType('IfcLogical')).toBe(true);
    expect(schema.isBooleanType('IfcLabel')).toBe(false);
  });

  it('reads every schema name the product accepts with the layout web-ifc reads it with', () => {
    const webIfcLayout = (name: string): LayoutName | null => {
      const index = (SchemaNames as unknown as Array<string[] | undefined>).findIndex((names) =>
        names?.includes(name),
      );
      return index > 0 ? (LAYOUTS[index - 1] ?? null) : null;
    };
    const accepted = [
      'IFC2X3',
      'IFC2X_FINAL',
      'IFC4',
      'IFC4X1',
      'IFC4X2',
      'IFC4X3',
      'IFC4X3_ADD1',
      'IFC4X3_ADD2',
      ...[1, 2, 3, 4].map((n) => `IFC4X3_RC${n}`),
    ];
    for (const name of accepted) {
      expect(schemaFamilyOf(name)).not.toBeNull();
      expect([name, layoutOf(name)]).toEqual([name, webIfcLayout(name)]);
      expect(layoutOf(name.toLowerCase())).toBe(layoutOf(name));
    }
    // web-ifc knows no IFC4 release candidate and no IFC4X3_TC1: the extraction hands it an IFC4 or IFC4X3 header
    // (open-model.ts), whose layouts the streaming reader reads them with
    for (const n of [1, 2, 3, 4]) expect(layoutOf(`IFC4RC${n}`)).toBe('IFC4');
    expect(schemaFamilyOf('IFC4X3_TC1')).toBe('IFC4X3');
    expect(layoutOf('IFC4X3_TC1')).toBe('IFC4X3');
  });
});
