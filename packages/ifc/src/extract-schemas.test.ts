import { generateIfcFixture } from './generate';
import { byName, countByType, extractText } from './test-support/collect-rows';

const withHeaderSchema = (text: string, from: string, to: string) => {
  const replaced = text.replace(`FILE_SCHEMA(('${from}'));`, `FILE_SCHEMA(('${to}'));`);
  if (replaced === text) throw new Error(`no ${from} header to replace`);
  return replaced;
};

describe('schema families', () => {
  it('extracts an IFC2X3 model (styles, BaseQuantities, IfcWallStandardCase, IfcFurnishingElement)', async () => {
    const { text, counts } = generateIfcFixture({ schema: 'IFC2X3', storeys: 2, bays: 2 });
    const rows = await extractText(text);
    expect(rows.summary).toMatchObject({
      schema: 'IFC2X3',
      schemaFamily: 'IFC2X3',
      productCount: counts.totalProducts,
    });
    expect(countByType(rows.elements)).toEqual(counts.productsByType);
    expect(counts.productsByType.IfcWallStandardCase).toBe(8);
    expect(counts.productsByType.IfcFurnishingElement).toBe(4);
    expect(byName(rows.elements, 'Window 0.1')).toMatchObject({
      TypeName: 'Window 1200x1500',
      Material: 'Aluminium, Glass',
      GrossArea: 1.8,
      PredefinedType: null,
    });
    expect(byName(rows.elements, 'Exterior wall 1.0')).toMatchObject({
      Length: 5000,
      Width: 355,
      IsExternal: true,
      PredefinedType: null,
    });
    const slabData = rows.properties.filter((p) => p.SetName === 'Pset_MaterialCommon');
    expect(slabData.length).toBeGreaterThan(0); // IfcExtendedMaterialProperties
  });

  it('extracts a model declaring IFC4X3_ADD2', async () => {
    const { text, counts } = generateIfcFixture({ schema: 'IFC4X3', storeys: 1, bays: 2 });
    const rows = await extractText(text);
    expect(rows.summary).toMatchObject({ schema: 'IFC4X3_ADD2', schemaFamily: 'IFC4X3' });
    expect(countByType(rows.elements)).toEqual(counts.productsByType);
    expect(byName(rows.elements, 'Exterior wall 0.1')).toMatchObject({
      Storey: 'Level 0',
      Material: 'Brick, Mineral wool, Gypsum board',
    });
  });

  it('reads an IFC4RC4 header as IFC4 and keeps the declared name', async () => {
    const { text, counts } = generateIfcFixture({ storeys: 1, bays: 2 });
    const rows = await extractText(withHeaderSchema(text, 'IFC4', 'IFC4RC4'));
    expect(rows.summary).toMatchObject({
      schema: 'IFC4RC4',
      schemaFamily: 'IFC4',
      productCount: counts.totalProducts,
    });
    expect(countByType(rows.elements)).toEqual(counts.productsByType);
    expect(byName(rows.elements, 'Door 0.1').Material).toBe('Oak');
  });

  it('reads an IFC4X3_TC1 header (which web-ifc does not know) as IFC4X3 and keeps the declared name', async () => {
    const { text, counts } = generateIfcFixture({ schema: 'IFC4X3', storeys: 1, bays: 2 });
    const plain = await extractText(text);
    const rows = await extractText(withHeaderSchema(text, 'IFC4X3_ADD2', 'IFC4X3_TC1'));
    expect(rows.summary).toMatchObject({
      schema: 'IFC4X3_TC1',
      schemaFamily: 'IFC4X3',
      productCount: counts.totalProducts,
    });
    expect(rows.elements).toEqual(plain.elements);
    expect(rows.properties).toEqual(plain.properties);
  });

  it('reads an IFC2X_FINAL header as IFC2X3', async () => {
    const { text, counts } = generateIfcFixture({ schema: 'IFC2X3', storeys: 1, bays: 1 });
    const rows = await extractText(withHeaderSchema(text, 'IFC2X3', 'IFC2X_FINAL'));
    expect(rows.summary).toMatchObject({ schema: 'IFC2X_FINAL', schemaFamily: 'IFC2X3' });
    expect(countByType(rows.elements)).toEqual(counts.productsByType);
  });
});
