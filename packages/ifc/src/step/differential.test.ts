import { generateIfcModel } from '../generate';
import type { GeneratorOptions } from '../generate';
import { expectSameRows, extractStreaming, extractWithWebIfc } from '../test-support/compare-extractors';
import { withTempIfc } from '../test-support/temp-ifc';

const MODELS: Array<[string, GeneratorOptions]> = [
  ['IFC4', { schema: 'IFC4', storeys: 2, bays: 3 }],
  ['IFC2X3', { schema: 'IFC2X3', storeys: 2, bays: 3 }],
  ['IFC4X3', { schema: 'IFC4X3', storeys: 1, bays: 2 }],
  [
    'IFC4 with door and window parameters and unnamed sets',
    { storeys: 1, bays: 2, doorWindowParameters: true, unnamedSets: true },
  ],
  [
    'IFC2X3 with door and window parameters',
    { schema: 'IFC2X3', storeys: 1, bays: 2, doorWindowParameters: true },
  ],
  // bodies (faceted Breps, IFC4 triangle meshes) are most of these files: the streaming reader skips what web-ifc reads
  ['IFC2X3 geometry-heavy', { schema: 'IFC2X3', storeys: 1, bays: 2, geometry: 'heavy' }],
  ['IFC4 geometry-heavy', { schema: 'IFC4', storeys: 1, bays: 2, geometry: 'heavy' }],
  ['IFC4X3 geometry-heavy', { schema: 'IFC4X3', storeys: 1, bays: 2, geometry: 'heavy' }],
  [
    'IFC4 with encoding faults and dangling references',
    { storeys: 1, bays: 2, faults: { encodingFaults: true, danglingReferences: true } },
  ],
];

describe('streaming extractor against web-ifc (differential)', () => {
  it.each(MODELS)('%s: the same elements, properties, spatial rows and warnings', async (_, options) => {
    const text = generateIfcModel(options);
    const reference = await extractWithWebIfc(Buffer.from(text, 'latin1'));
    // a small chunk size cuts records and strings (and their escapes) across chunk boundaries
    for (const chunkSize of [undefined, 97]) {
      const streamed = await withTempIfc(text, (file) => extractStreaming(file, chunkSize));
      expectSameRows(streamed, reference);
    }
    expect(reference.elements.length).toBeGreaterThan(10);
  });

  it.each(MODELS)(
    '%s: the same rows when the kept records go to a temporary file and are read back',
    async (_, options) => {
      const text = generateIfcModel(options);
      const reference = await extractWithWebIfc(Buffer.from(text, 'latin1'));
      let spilled = false;
      // 2 KiB in memory: two blocks of 1 KiB, so most of the model is read back, records straddle blocks
      const streamed = await withTempIfc(text, (file) =>
        extractStreaming(file, undefined, {
          keptMemoryBytes: 2 * 1024,
          onModelRead: (model) => (spilled = model.spilled()),
        }),
      );
      expect(spilled).toBe(true);
      expectSameRows(streamed, reference);
    },
  );
});
