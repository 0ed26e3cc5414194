import fs from 'node:fs';
import path from 'node:path';
import { describeSkipped } from '../tools/test-support/skip-with-reason';
import { scanIfcFile } from '../apps/web/src/features/ifc-connector/file-scan';
import { loadExpectedCounts, SAMPLES_DIR, samplesSkipReason } from './support/paths';

/** The connector's Preview counts a file's elements in the browser; on every real sample it is within 2×. */
const TITLE = 'connector preview estimate of the element count, on the real samples';
const files = loadExpectedCounts();

if (!files) {
  describeSkipped(TITLE, samplesSkipReason);
} else {
  describe(TITLE, () => {
    it.each(Object.keys(files))('%s', async (file) => {
      const want = files[file]!.totalProducts;
      const scan = await scanIfcFile(new Blob([fs.readFileSync(path.join(SAMPLES_DIR, file))]), {
        chunkBytes: 256 * 1024,
      });
      process.stdout.write(
        `${file}: scanned ${scan.products} products (real ${want}), ${scan.propertyValues} property values\n`,
      );
      expect(scan.products).toBeGreaterThanOrEqual(want / 2);
      expect(scan.products).toBeLessThanOrEqual(want * 2);
    });
  });
}
