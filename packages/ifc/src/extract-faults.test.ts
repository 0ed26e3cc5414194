import { getIfcApi } from './web-ifc-runtime';
import { extractIfc } from './extract';
import { IfcExtractionError } from './extraction-error';
import { ORPHAN_PROXY_NAME, generateIfcFixture, generateIfcModel } from './generate';
import { byName, countByType, extractText, stepFile } from './test-support/collect-rows';
import type { ExtractProgress } from './types';

const noop = () => undefined;

describe('damaged and unusual files', () => {
  it('survives dangling references with nulls and exact counts', async () => {
    const { text, counts } = generateIfcFixture({
      storeys: 1,
      bays: 2,
      faults: { danglingReferences: true },
    });
    const rows = await extractText(text);
    expect(countByType(rows.elements)).toEqual(counts.productsByType);
    expect(counts.productsByType.IfcBuildingElementProxy).toBe(1);
    const orphan = byName(rows.elements, ORPHAN_PROXY_NAME);
    expect(orphan).toMatchObject({
      Storey: null,
      Building: null,
      Site: null,
      TypeName: null,
      Material: null,
      IsExternal: null,
      Tag: 'PX-1',
    });
    expect(rows.properties.filter((p) => p.ElementExpressId === orphan.ExpressId)).toEqual([]);
    expect(byName(rows.elements, 'Exterior wall 0.0').Storey).toBe('Level 0');
  });

  it('rejects an unterminated string with a parse error', async () => {
    const text = generateIfcModel({ storeys: 1, bays: 1, faults: { unterminatedString: true } });
    const run = extractIfc(Buffer.from(text), { onBatch: noop });
    await expect(run).rejects.toBeInstanceOf(IfcExtractionError);
    await expect(run).rejects.toMatchObject({
      code: 'OPEN_FAILED',
      message: expect.stringMatching(/unterminated string/),
    });
  });

  it('rejects a truncated file before parsing', async () => {
    const text = generateIfcModel({ storeys: 1, bays: 1, faults: { truncated: true } });
    await expect(extractIfc(Buffer.from(text), { onBatch: noop })).rejects.toMatchObject({
      code: 'TRUNCATED',
    });
  });

  it('rejects random bytes and empty input', async () => {
    const bytes = Uint8Array.from({ length: 2048 }, (_, i) => (i * 31 + 7) % 256);
    await expect(extractIfc(bytes, { onBatch: noop })).rejects.toMatchObject({ code: 'NOT_STEP' });
    await expect(extractIfc(new Uint8Array(), { onBatch: noop })).rejects.toMatchObject({
      code: 'EMPTY_FILE',
    });
  });

  it('keeps what web-ifc decodes (\\X\\, \\X4\\) and keeps a string with a bad escape as written', async () => {
    const text = stepFile('IFC4', [
      "#1=IFCWALL('2O2Fr$t4X7Zf8NOew3FLOH',$,'Caf\\X\\E9 \\X4\\0001F600\\X0\\',$,$,$,$,$,$);",
      "#2=IFCWALL('2O2Fr$t4X7Zf8NOew3FLOI',$,'bad \\Q\\ escape',$,$,$,$,$,$);",
    ]);
    const rows = await extractText(text);
    expect(rows.elements.map((e) => e.Name)).toEqual(['Café 😀', 'bad \\Q\\ escape']);
    expect(rows.summary.warnings.map((w) => [w.code, w.count])).toEqual([['invalidEscape', 2]]);
  });

  it('keeps the text of property names and values with encoding faults and warns once per kind', async () => {
    const text = generateIfcModel({ storeys: 1, bays: 1, faults: { encodingFaults: true } });
    const events: ExtractProgress[] = [];
    const rows = await extractText(text, undefined, (p) => events.push(p));
    const proxy = rows.elements.find((e) => e.Tag === 'PX-ENC');
    expect(proxy?.Name).toBe('Imported luminaire é');
    const props = rows.properties
      .filter((p) => p.ElementExpressId === proxy?.ExpressId)
      .map((p) => [p.SetName, p.PropertyName, p.Value]);
    expect(props).toEqual([
      ['AEC_Imported', 'Base Lightin\\g Load on', 'C:\\temp\\new'],
      ['AEC_Imported', 'Café rating', 'ends with \\'],
      ['AEC_Imported', 'Lone \uFFFD surrogate', '\\X0\\ alone'],
    ]);
    expect(rows.properties.every((p) => p.SetName !== null && p.PropertyName !== null)).toBe(true);
    const warnings = rows.summary.warnings;
    expect(warnings.map((w) => [w.code, w.count])).toEqual([
      ['invalidEscape', 6],
      ['lowercaseHex', 2],
      ['invalidCodePoint', 1],
    ]);
    const logged = events.filter((e) => e.message.startsWith('Warning:')).map((e) => e.message);
    expect(logged).toEqual(warnings.map((w) => `Warning: ${w.message}`));
    expect(logged[0]).toMatch(/^Warning: 6 backslashes/);
  });

  it('reads bytes that are not UTF-8 as ISO 8859-1 instead of swallowing the text after them', async () => {
    const text = stepFile('IFC4', [
      "#1=IFCWALL('2O2Fr$t4X7Zf8NOew3FLOH',$,'Stra\xdfe \xe9t\xe9',$,$,$,$,$,$);",
      "#2=IFCWALL('2O2Fr$t4X7Zf8NOew3FLOI',$,'Gr\xc3\xbcn',$,$,$,$,$,$);",
    ]);
    const rows = await extractText(text);
    expect(rows.elements.map((e) => e.Name)).toEqual(['Straße été', 'Grün']);
    expect(rows.summary.warnings.map((w) => [w.code, w.count])).toEqual([['rawByte', 3]]);
  });

  it('closes the model even when the consumer fails', async () => {
    const api = await getIfcApi();
    const close = jest.spyOn(api, 'CloseModel');
    const text = generateIfcModel({ storeys: 1, bays: 1 });
    const failing = extractIfc(Buffer.from(text), {
      onBatch: () => {
        throw new Error('store is down');
      },
    });
    await expect(failing).rejects.toThrow('store is down');
    expect(close).toHaveBeenCalledTimes(1);
    const modelID = close.mock.calls[0]?.[0] ?? -1;
    expect(api.IsModelOpen(modelID)).toBe(false);
    close.mockRestore();
  });
});

describe('batches and progress', () => {
  it('hands out rows in batches no larger than batchSize, one call at a time', async () => {
    const { text, counts } = generateIfcFixture({ storeys: 2, bays: 2 });
    let inFlight = 0;
    let maxInFlight = 0;
    let elements = 0;
    let biggest = 0;
    const summary = await extractIfc(Buffer.from(text), {
      batchSize: 7,
      onBatch: async (batch) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        biggest = Math.max(
          biggest,
          batch.elements?.length ?? 0,
          batch.properties?.length ?? 0,
          batch.spatial?.length ?? 0,
        );
        elements += batch.elements?.length ?? 0;
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight--;
      },
    });
    expect(maxInFlight).toBe(1);
    expect(biggest).toBe(7);
    expect(elements).toBe(counts.totalProducts);
    expect(summary.productCount).toBe(counts.totalProducts);
  });

  it('reports progress phases in order with real numbers', async () => {
    const { text, counts } = generateIfcFixture({ storeys: 1, bays: 1 });
    const events: ExtractProgress[] = [];
    await extractIfc(Buffer.from(text), { onBatch: noop, onProgress: (p) => events.push(p) });
    const phases = events.map((e) => e.phase);
    expect(phases.indexOf('parse')).toBe(0);
    expect(phases.lastIndexOf('parse')).toBeLessThan(phases.indexOf('index'));
    expect(phases.indexOf('index')).toBeLessThan(phases.indexOf('extract'));
    expect(events[0]?.message).toContain('IFC4');
    expect(events.at(-1)).toMatchObject({
      phase: 'extract',
      done: counts.totalProducts,
      total: counts.totalProducts,
    });
  });
});

describe('unnamed spatial elements', () => {
  it('label elements in an unnamed storey and building with the type and id instead of null', async () => {
    const text = stepFile('IFC4', [
      "#1=IFCPROJECT('0Project000000000000001',$,'P',$,$,$,$,$,$);",
      "#2=IFCSITE('0Site000000000000000001',$,'Site',$,$,$,$,$,.ELEMENT.,$,$,$,$,$);",
      "#3=IFCBUILDING('0Building00000000000001',$,$,$,$,$,$,'Main building',.ELEMENT.,$,$,$);",
      "#4=IFCBUILDINGSTOREY('0Storey0000000000000001',$,$,$,$,$,$,$,.ELEMENT.,2500.);",
      "#5=IFCWALL('0Wall000000000000000001',$,'W',$,$,$,$,$,$);",
      "#6=IFCRELAGGREGATES('0Rel0000000000000000001',$,$,$,#1,(#2));",
      "#7=IFCRELAGGREGATES('0Rel0000000000000000002',$,$,$,#2,(#3));",
      "#8=IFCRELAGGREGATES('0Rel0000000000000000003',$,$,$,#3,(#4));",
      "#9=IFCRELCONTAINEDINSPATIALSTRUCTURE('0Rel0000000000000000004',$,$,$,(#5),#4);",
    ]);
    const rows = await extractText(text);
    expect(byName(rows.elements, 'W')).toMatchObject({
      Storey: 'IfcBuildingStorey #4',
      StoreyElevation: 2500,
      Building: 'Main building',
      Site: 'Site',
    });
    expect(rows.summary.countsByStorey['IfcBuildingStorey #4']).toBe(2);
    expect(rows.spatial.find((s) => s.ExpressId === 4)).toMatchObject({
      Name: null,
      Level: 2,
      ParentGlobalId: '0Building00000000000001',
    });
  });
});

describe('indexed approach', () => {
  it("never calls web-ifc's per-element properties helpers (quadratic on large models)", async () => {
    const api = await getIfcApi();
    const helpers = api.properties as unknown as Record<string, unknown>;
    const names = Object.getOwnPropertyNames(Object.getPrototypeOf(helpers)).filter(
      (name) => name !== 'constructor' && typeof helpers[name] === 'function',
    );
    expect(names).toContain('getPropertySets');
    const spies = names.map((name) => jest.spyOn(helpers as Record<string, () => unknown>, name));
    const { text, counts } = generateIfcFixture({ storeys: 1, bays: 2 });
    const rows = await extractText(text);
    expect(rows.summary.productCount).toBe(counts.totalProducts);
    for (const spy of spies) {
      expect(spy).not.toHaveBeenCalled();
      spy.mockRestore();
    }
  });
});
