import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  expectSameRows,
  extractStreaming,
  extractWithWebIfc,
} from '../packages/ifc/src/test-support/compare-extractors';
import { describeSkipped } from '../tools/test-support/skip-with-reason';
import { SAMPLES_DIR as SAMPLES, loadExpectedCounts, samplesSkipReason } from './support/paths';

/**
 * Issue 17's differential test on the real samples: the streaming extractor (packages/ifc/src/step) gives exactly
 * the rows web-ifc's extraction gives (sorted canonical JSON of elements, properties and spatial rows) and the same
 * summary.
 */
const TITLE = 'Streaming IFC extractor against web-ifc on the real samples (../shared/ifc-samples)';

if (!loadExpectedCounts()) describeSkipped(TITLE, samplesSkipReason);
else {
  const files = readdirSync(SAMPLES)
    .filter((f) => f.toLowerCase().endsWith('.ifc'))
    .sort();
  describe(TITLE, () => {
    it.each(files)('%s: the same rows and summary', async (file) => {
      const full = path.join(SAMPLES, file);
      const reference = await extractWithWebIfc(readFileSync(full));
      const streamed = await extractStreaming(full);
      expectSameRows(streamed, reference);
    });
  });
}
