import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { extractIfc } from './extract';
import { sniffIfcFile } from './sniff';
import type { ElementRow, SpatialRow } from './types';

const SAMPLES = path.resolve(__dirname, '../../../../shared/ifc-samples');
const EXPECTED = path.join(SAMPLES, 'expected-counts.json');

interface Expected {
  schema: string;
  totalProducts: number;
  productCountsByType: Record<string, number>;
}

const available = existsSync(EXPECTED);
if (!available) {
  console.warn(`interop tests skipped: the real sample models are not at ${SAMPLES} (shared/ folder absent)`);
}
const expected: Record<string, Expected> = available
  ? (JSON.parse(readFileSync(EXPECTED, 'utf8')) as { files: Record<string, Expected> }).files
  : {};
const files = available
  ? readdirSync(SAMPLES)
      .filter((f) => f.toLowerCase().endsWith('.ifc'))
      .sort()
  : [];

(available ? describe : describe.skip)('real IFC samples (shared/ifc-samples)', () => {
  it('lists an expectation for every sample file', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(files).toEqual(Object.keys(expected).sort());
  });

  it.each(files)('%s: sniffs, extracts and matches expected per-type counts exactly', async (file) => {
    const want = expected[file];
    if (!want) throw new Error(`no expectation for ${file}`);
    const sniff = await sniffIfcFile(path.join(SAMPLES, file));
    expect(sniff).toMatchObject({ ok: true, schema: want.schema });

    const elements: ElementRow[] = [];
    const spatial: SpatialRow[] = [];
    let properties = 0;
    const summary = await extractIfc(readFileSync(path.join(SAMPLES, file)), {
      batchSize: 500,
      onBatch: (batch) => {
        elements.push(...(batch.elements ?? []));
        spatial.push(...(batch.spatial ?? []));
        properties += batch.properties?.length ?? 0;
      },
    });

    const byType: Record<string, number> = {};
    for (const row of elements)
      byType[row.IfcType.toUpperCase()] = (byType[row.IfcType.toUpperCase()] ?? 0) + 1;
    expect(byType).toEqual(want.productCountsByType);
    expect(elements).toHaveLength(want.totalProducts);
    expect(summary.productCount).toBe(want.totalProducts);
    expect(summary.schema).toBe(want.schema);
    expect(summary.propertyCount).toBe(properties);
    expect(summary.spatialCount).toBe(spatial.length);
    expect(new Set(elements.map((e) => e.ExpressId)).size).toBe(elements.length);
  });
});
