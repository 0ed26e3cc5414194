import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { extractIfc } from '../packages/ifc/src/extract';
import { sniffIfcFile } from '../packages/ifc/src/sniff';
import type { ElementRow, SpatialRow } from '../packages/ifc/src/types';
import { describeSkipped } from '../tools/test-support/skip-with-reason';
import { loadExpectedCounts, SAMPLES_DIR as SAMPLES, samplesSkipReason } from './support/paths';

/** Extraction of the real sample models (beside the repository, not in it) against their expected per-type counts. */
const TITLE = 'IFC extraction of the real samples (../shared/ifc-samples)';
const loaded = loadExpectedCounts();

if (!loaded) describeSkipped(TITLE, samplesSkipReason);
else describeSamples(loaded);

function describeSamples(expected: NonNullable<typeof loaded>): void {
  const files = readdirSync(SAMPLES)
    .filter((f) => f.toLowerCase().endsWith('.ifc'))
    .sort();
  describe(TITLE, () => {
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
}
