import { existsSync } from 'node:fs';
import { generateIfcModel } from '../generate';
import { withTempIfc } from '../test-support/temp-ifc';
import { extractIfcFile } from './extract-file';
import type { StepModel } from './step-model';

interface Measured {
  retained: number;
  kept: number;
  spilled: boolean;
  products: number;
}

const MEMORY = 256 * 1024;

async function measure(storeys: number): Promise<Measured> {
  const text = generateIfcModel({ storeys, bays: 4 });
  let read: StepModel | null = null;
  const measured = { retained: 0, kept: 0, spilled: false };
  const summary = await withTempIfc(text, (file) =>
    extractIfcFile(file, {
      keptMemoryBytes: MEMORY,
      onBatch: () => undefined,
      onModelRead: (model) => {
        read = model;
        Object.assign(measured, {
          retained: model.retainedBytes(),
          kept: model.keptBytes(),
          spilled: model.spilled(),
        });
      },
    }),
  );
  expect(read).not.toBeNull();
  return { ...measured, products: summary.productCount };
}

describe('memory of the streaming model', () => {
  it('a model 8× larger keeps 8× the record bytes but not 8× of them in memory', async () => {
    const small = await measure(12);
    const large = await measure(96);
    expect(large.products).toBeGreaterThanOrEqual(7 * small.products);
    expect(large.kept).toBeGreaterThanOrEqual(7 * small.kept);
    // the records beyond the limit go to the file: what stays in memory grows by a few bytes per record only
    expect(large.spilled).toBe(true);
    expect(large.retained - small.retained).toBeLessThan((large.kept - small.kept) / 3);
  });

  it('leaves no temporary file behind, even while it runs (a killed process leaves nothing)', async () => {
    for (const fail of [false, true]) {
      let dir: string | null = null;
      let spilled = false;
      const run = withTempIfc(generateIfcModel({ storeys: 24, bays: 4 }), (file) =>
        extractIfcFile(file, {
          keptMemoryBytes: MEMORY,
          onBatch: () => {
            if (fail) throw new Error('store failed');
          },
          onModelRead: (model) => {
            dir = model.spillDir();
            spilled = model.spilled();
            expect(existsSync(dir as unknown as string)).toBe(false);
          },
        }),
      );
      if (fail) await expect(run).rejects.toThrow('store failed');
      else await run;
      expect(spilled).toBe(true);
      expect(dir).not.toBeNull();
      expect(existsSync(dir as unknown as string)).toBe(false);
    }
  });
});
