import { extractText } from '../test-support/collect-rows';
import { type StepRecord, reachableFrom, readStepRecords, referencesOf } from '../test-support/step-records';
import { StepSchema, layoutOf } from '../step/step-schema';
import { getIfcApi } from '../web-ifc-runtime';
import { PassThrough } from 'node:stream';
import { generateIfcFixture, writeIfcModel } from './generate-model';
import type { GeneratedSchema } from './model-options';

const SCHEMAS: GeneratedSchema[] = ['IFC2X3', 'IFC4', 'IFC4X3'];
const SPATIAL = new Set(['IFCSITE', 'IFCBUILDING', 'IFCBUILDINGSTOREY']);

function heavy(schema: GeneratedSchema, storeys = 2, bays = 3) {
  return generateIfcFixture({ schema, storeys, bays, geometry: 'heavy' });
}

function productsOf(records: Map<number, StepRecord>, schema: StepSchema): StepRecord[] {
  return [...records.values()].filter((r) => {
    const entity = schema.entity(r.type);
    return entity !== undefined && schema.isSubtypeOf(entity, 'IfcProduct');
  });
}

describe("generator: geometry 'heavy'", () => {
  it.each(SCHEMAS)(
    '%s: every record is an entity of the schema with its number of attributes, every reference resolves',
    (schemaName) => {
      const { text, counts } = heavy(schemaName);
      const schema = StepSchema.of(layoutOf(counts.schema));
      const records = readStepRecords(text);
      expect(records.size).toBe((text.match(/^#\d+=/gm) ?? []).length);
      expect([...records.values()].filter((r) => r.type === 'IFCFACETEDBREP').length).toBeGreaterThan(50);
      for (const record of records.values()) {
        const entity = schema.entity(record.type);
        expect([record.type, entity?.attributes.length]).toEqual([record.type, record.args.length]);
        for (const id of referencesOf(record))
          expect([record.id, records.has(id)]).toEqual([record.id, true]);
      }
    },
  );

  it.each(SCHEMAS)(
    '%s: every product but the spatial structure has a Body shape of faceted Breps (or triangles in IFC4 furniture), most of the bytes',
    (schemaName) => {
      const { text, counts } = heavy(schemaName);
      const schema = StepSchema.of(layoutOf(counts.schema));
      const records = readStepRecords(text);
      const products = productsOf(records, schema);
      expect(products).toHaveLength(counts.totalProducts);
      const shapes: number[] = [];
      const itemTypes = new Set<string>();
      for (const product of products) {
        const representation = product.args[6] ?? '';
        if (SPATIAL.has(product.type)) {
          expect(representation).toBe('$');
          continue;
        }
        const shape = records.get(Number(representation.slice(1)));
        expect([product.type, shape?.type]).toEqual([product.type, 'IFCPRODUCTDEFINITIONSHAPE']);
        shapes.push(shape?.id ?? 0);
        const [body] = referencesOf({ ...(shape as StepRecord), args: [shape?.args[2] ?? ''] });
        const rep = records.get(body ?? 0);
        expect(rep?.type).toBe('IFCSHAPEREPRESENTATION');
        expect(records.get(Number(rep?.args[0]?.slice(1)))?.type).toBe(
          'IFCGEOMETRICREPRESENTATIONSUBCONTEXT',
        );
        expect(rep?.args[1]).toBe("'Body'");
        const items = referencesOf({ ...(rep as StepRecord), args: [rep?.args[3] ?? ''] }).map(
          (id) => records.get(id)?.type,
        );
        expect(items.length).toBeGreaterThan(0);
        const kind = items[0] === 'IFCTRIANGULATEDFACESET' ? "'Tessellation'" : "'Brep'";
        expect(rep?.args[2]).toBe(kind);
        for (const item of items) itemTypes.add(item ?? '');
      }
      expect([...itemTypes].sort()).toEqual(
        schemaName === 'IFC2X3' ? ['IFCFACETEDBREP'] : ['IFCFACETEDBREP', 'IFCTRIANGULATEDFACESET'],
      );
      // what the bodies reach (the shared sub-context aside) is exactly what counts.geometryBytes reports
      const body = reachableFrom(records, shapes);
      const bytes = [...body].reduce((sum, id) => sum + (records.get(id)?.bytes ?? 0), 0);
      const subContext = [...records.values()].find((r) => r.type === 'IFCGEOMETRICREPRESENTATIONSUBCONTEXT');
      const modelContext = Number(subContext?.args[6]?.slice(1));
      const contextBytes = [...reachableFrom(records, [modelContext])].reduce(
        (sum, id) => sum + (records.get(id)?.bytes ?? 0),
        0,
      );
      expect(bytes - contextBytes).toBe(counts.geometryBytes);
      expect(counts.geometryBytes / counts.bytes).toBeGreaterThan(0.8);
      expect(counts.geometryBytes / counts.bytes).toBeLessThan(0.92);
    },
  );

  it.each(['IFC2X3', 'IFC4'] as const)(
    '%s: web-ifc opens the model and meshes every body into triangles',
    async (schemaName) => {
      const { text, counts } = heavy(schemaName, 1, 2);
      const records = readStepRecords(text);
      const shaped = productsOf(records, StepSchema.of(layoutOf(counts.schema))).filter(
        (p) => !SPATIAL.has(p.type),
      );
      const api = await getIfcApi();
      const model = api.OpenModel(Buffer.from(text, 'latin1'));
      try {
        for (const product of shaped) {
          const mesh = api.GetFlatMesh(model, product.id);
          let triangles = 0;
          for (let i = 0; i < mesh.geometries.size(); i++) {
            const geometry = api.GetGeometry(model, mesh.geometries.get(i).geometryExpressID);
            triangles += geometry.GetIndexDataSize() / 3;
            geometry.delete();
          }
          expect([product.type, triangles > 0]).toEqual([product.type, true]);
        }
      } finally {
        api.CloseModel(model);
      }
    },
  );

  it.each(['IFC2X3', 'IFC4'] as const)(
    '%s: the rows are those of the same model without geometry, ExpressIds aside',
    async (schemaName) => {
      const withoutIds = (rows: object[]) =>
        rows
          .map((row) => {
            const { ExpressId: _a, ElementExpressId: _b, ...rest } = row as Record<string, unknown>;
            return JSON.stringify(rest, Object.keys(rest).sort());
          })
          .sort();
      const plain = await extractText(generateIfcFixture({ schema: schemaName, storeys: 2, bays: 3 }).text);
      const shapedModel = heavy(schemaName);
      expect(shapedModel.counts.geometryBytes).toBeGreaterThan(shapedModel.counts.bytes / 2);
      const shaped = await extractText(shapedModel.text);
      expect(withoutIds(shaped.elements)).toEqual(withoutIds(plain.elements));
      expect(withoutIds(shaped.properties)).toEqual(withoutIds(plain.properties));
      expect(withoutIds(shaped.spatial)).toEqual(withoutIds(plain.spatial));
      expect(shaped.elements.length).toBeGreaterThan(50);
    },
  );

  it('streams to a target size (as the bench writes its ~100 MB model) with the same text and geometry bytes as in memory', async () => {
    const sink = new PassThrough({ highWaterMark: 1024 });
    const chunks: Buffer[] = [];
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    const options = { bays: 2, seed: 7, geometry: 'heavy' as const };
    const counts = await writeIfcModel(sink, { ...options, storeys: 1, targetBytes: 1_000_000 });
    sink.end();
    const text = Buffer.concat(chunks).toString('latin1');
    expect(counts.bytes).toBeGreaterThanOrEqual(1_000_000);
    const inMemory = generateIfcFixture({ ...options, storeys: counts.storeys });
    expect(text).toBe(inMemory.text);
    expect(counts.geometryBytes).toBe(inMemory.counts.geometryBytes);
    expect(counts.geometryBytes / counts.bytes).toBeGreaterThan(0.8);
  });
});
