import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { sniffIfcData } from '../sniff';
import { countByType, extractText } from '../test-support/collect-rows';
import { generateIfcFixture, generateIfcModel, writeIfcModel } from './generate-model';
import { real, str } from './step-format';
import { UNNAMED_SET_PROPERTIES } from './unnamed-sets';

describe('STEP formatting', () => {
  it('escapes quotes, backslashes and non-ASCII runs like exporters do', () => {
    expect(str("O'Brien")).toBe("'O''Brien'");
    expect(str('a\\b')).toBe("'a\\\\b'");
    expect(str('Bürogebäude')).toBe("'B\\X2\\00FC\\X0\\rogeb\\X2\\00E4\\X0\\ude'");
    expect(str('日本')).toBe("'\\X2\\65E5672C\\X0\\'");
  });

  it('writes reals with a decimal point', () => {
    expect(real(3000)).toBe('3000.');
    expect(real(0.24)).toBe('0.24');
    expect(real(1e-5)).toBe('0.00001');
  });
});

describe('generateIfcModel', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const a = generateIfcModel({ storeys: 1, bays: 2, seed: 5 });
    expect(generateIfcModel({ storeys: 1, bays: 2, seed: 5 })).toBe(a);
    expect(generateIfcModel({ storeys: 1, bays: 2, seed: 6 })).not.toBe(a);
  });

  it('writes unique, valid GlobalIds', () => {
    const text = generateIfcModel({ storeys: 2, bays: 3 });
    const guids = [...text.matchAll(/=IFC[A-Z]+\('([^']{22})',#\d+/g)].map((m) => m[1]);
    expect(guids.length).toBeGreaterThan(100);
    expect(new Set(guids).size).toBe(guids.length);
    expect(guids.every((g) => /^[0-3][0-9A-Za-z_$]{21}$/.test(g ?? ''))).toBe(true);
  });

  it('counts what it writes: per storey, per bay and per type', () => {
    const { text, counts } = generateIfcFixture({ storeys: 3, bays: 2 });
    const perStorey = 1 + 4 + 2 * 10; // storey, slab/stair/flight/railing, 10 products per bay
    expect(counts.productsByStorey).toEqual({
      'Level 0': perStorey,
      'Level 1': perStorey,
      'Level 2': perStorey,
    });
    expect(counts.totalProducts).toBe(3 * perStorey + 2);
    expect(counts.bytes).toBe(text.length);
    const written = (type: string) => (text.match(new RegExp(`=${type.toUpperCase()}\\(`, 'g')) ?? []).length;
    for (const [type, n] of Object.entries(counts.productsByType)) expect(written(type)).toBe(n);
  });

  it("writes IFC2X3 wall types with IFC2X3's IfcWallTypeEnum values (PARTITIONING came with IFC4)", () => {
    const IFC2X3_WALL_TYPES = [
      'STANDARD',
      'POLYGONAL',
      'SHEAR',
      'ELEMENTEDWALL',
      'PLUMBINGWALL',
      'USERDEFINED',
      'NOTDEFINED',
    ];
    const text = generateIfcModel({ schema: 'IFC2X3', storeys: 1, bays: 1 });
    const kinds = [...text.matchAll(/=IFCWALLTYPE\(.*,\.([A-Z_]+)\.\);/g)].map((m) => m[1]);
    expect(kinds).toHaveLength(2);
    for (const kind of kinds) expect(IFC2X3_WALL_TYPES).toContain(kind);
  });

  it('writes a header the sniffer accepts for each schema', () => {
    expect(
      sniffIfcData(Buffer.from(generateIfcModel({ schema: 'IFC2X3', storeys: 1, bays: 1 }))),
    ).toMatchObject({ schema: 'IFC2X3' });
    expect(
      sniffIfcData(Buffer.from(generateIfcModel({ schema: 'IFC4X3', storeys: 1, bays: 1 }))),
    ).toMatchObject({ schema: 'IFC4X3_ADD2' });
  });
});

describe('unnamed sets', () => {
  it('writes a property set and a quantity set without a Name on every storey, extracted with a null SetName', async () => {
    const { text } = generateIfcFixture({ storeys: 2, bays: 1, unnamedSets: true });
    const rows = await extractText(text);
    const unnamed = rows.properties.filter((p) => p.SetName === null);
    const storeys = rows.elements.filter((e) => e.IfcType === 'IfcBuildingStorey').map((e) => e.ExpressId);
    expect(
      unnamed.map((p) => [p.ElementExpressId, p.SetKind, p.PropertyName, p.Value ?? p.NumericValue]),
    ).toEqual(
      storeys.flatMap((id, i) => [
        [id, 'PropertySet', UNNAMED_SET_PROPERTIES.property, `Zone ${i}`],
        [id, 'QuantitySet', UNNAMED_SET_PROPERTIES.quantity, '2800'],
      ]),
    );
    const plain = await extractText(generateIfcModel({ storeys: 2, bays: 1 }));
    expect(plain.properties.filter((p) => p.SetName === null)).toEqual([]);
  });
});

describe('writeIfcModel', () => {
  it('streams storeys until the target size, with back-pressure, and counts match extraction', async () => {
    const sink = new PassThrough({ highWaterMark: 1024 });
    const chunks: Buffer[] = [];
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    const counts = await writeIfcModel(sink, { targetBytes: 600_000, bays: 3, storeys: 1 });
    sink.end();
    const text = Buffer.concat(chunks).toString('latin1');
    expect(text.length).toBe(counts.bytes);
    expect(counts.bytes).toBeGreaterThanOrEqual(600_000);
    expect(counts.storeys).toBeGreaterThan(1);
    expect(text.endsWith('END-ISO-10303-21;\n')).toBe(true);
    const rows = await extractText(text);
    expect(countByType(rows.elements)).toEqual(counts.productsByType);
  });

  it('writes to a file path and matches the in-memory model', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'aec-ifc-gen-'));
    try {
      const file = path.join(dir, 'model.ifc');
      const counts = await writeIfcModel(file, { storeys: 2, bays: 2, seed: 3 });
      const text = readFileSync(file, 'latin1');
      expect(text).toBe(generateIfcModel({ storeys: 2, bays: 2, seed: 3 }));
      expect(counts.totalProducts).toBe(
        generateIfcFixture({ storeys: 2, bays: 2, seed: 3 }).counts.totalProducts,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
