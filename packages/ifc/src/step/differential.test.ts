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

/**
 * Valid ISO 10303-21 that exporters and hand edits produce but the generator does not: comments wherever whitespace
 * may be, other line ends and spacing, a data section split in two or opened with edition 3's parameters.
 */
const WRITTEN_UNUSUALLY: Array<[string, (text: string) => string]> = [
  ['CR LF line ends and tabs', (t) => t.replace(/\n/g, '\r\n').replace(/,(#|\$)/g, ',\t$1')],
  ['spaces around = and (', (t) => t.replace(/^(#\d+)=([A-Z0-9]+)\(/gm, '$1 = $2 (')],
  [
    'comments around the id, the = and the type name',
    (t) => t.replace(/^(#\d+)=([A-Z0-9]+)\(/gm, '$1/* a; ) */=/*b*/ $2 /* c */('),
  ],
  [
    'comments between parameters and before the ;',
    (t) => t.replace(/,(#|\$)/g, ',/* x, ) */$1').replace(/\);$/gm, ')/**/;'),
  ],
  ['a comment line between records', (t) => t.replace(/^(#\d+)=/gm, '/* c; */\n$1=')],
  ['records over several lines', (t) => t.replace(/,(#|\$)/g, ',\n  $1')],
  ['two data sections', (t) => t.replace(/\n(#\d+=IFCBUILDINGSTOREY\()/, '\nENDSEC;\nDATA;\n$1')],
  ['DATA with a comment', (t) => t.replace('\nDATA;', '\nDATA/* d */ ;')],
  ["edition 3's DATA with parameters", (t) => t.replace('\nDATA;', "\nDATA('model', ('IFC4'));")],
  [
    'comments before the first token and after the last',
    (t) => `/* hand made */\n${t.trimEnd()}\n/* end */\n`,
  ],
];

describe('streaming extractor against web-ifc on valid STEP written unusually', () => {
  const model = generateIfcModel({ storeys: 1, bays: 2, doorWindowParameters: true, unnamedSets: true });

  it.each(WRITTEN_UNUSUALLY)('%s: the same rows', async (_, write) => {
    const text = write(model);
    expect(text).not.toBe(model);
    const reference = await extractWithWebIfc(Buffer.from(text, 'latin1'));
    expect(reference.spatial.length).toBeGreaterThan(3);
    for (const chunkSize of [undefined, 97]) {
      const streamed = await withTempIfc(text, (file) => extractStreaming(file, chunkSize));
      expectSameRows(streamed, reference);
    }
  });
});
