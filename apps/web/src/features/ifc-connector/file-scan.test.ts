import { createEntityCounter, estimateProcessing, scanIfcFile } from './file-scan';

const model = [
  'ISO-10303-21;',
  "HEADER;FILE_SCHEMA(('IFC4'));ENDSEC;",
  'DATA;',
  "#1=IFCPROJECT('0a',$,'P',$,$,$,$,$,$);",
  "#2=IFCWALL('1a',$,'Wall; with ''#9=IFCDOOR('' in its name',$,$,#20,$,$,$);",
  "#3=IFCWALLSTANDARDCASE('1b',$,$,$,$,#20,$,$,$);",
  '#4= IFCDOOR',
  "  ('1c',$,$,$,$,#20,$,$,$,$,$,$,$);",
  "#5=IFCPROPERTYSINGLEVALUE('FireRating',$,IFCLABEL('EI 60'),$);",
  "#6=IFCQUANTITYAREA('NetArea',$,$,12.5,$);",
  "#7=IFCPROPERTYSET('2a',$,'Pset_WallCommon',$,(#5));",
  '/* #8=IFCSLAB(...) is a comment, not an entity */',
  "#10=IFCBUILDINGSTOREY('3a',$,'EG',$,$,#20,$,$,.ELEMENT.,0.);",
  'ENDSEC;',
  'END-ISO-10303-21;',
].join('\n');

describe('browser scan of an IFC file', () => {
  it('counts products and property values, whatever the chunk boundaries', () => {
    for (const size of [1, 3, 7, 64, model.length]) {
      const counter = createEntityCounter();
      for (let i = 0; i < model.length; i += size) counter.push(model.slice(i, i + size));
      expect({ size, ...counter.result() }).toEqual({ size, products: 4, propertyValues: 2 });
    }
  });

  it('streams a Blob in chunks', async () => {
    const blob = new Blob([model]);
    expect(await scanIfcFile(blob, { chunkBytes: 16 })).toEqual({ products: 4, propertyValues: 2 });
  });

  it('estimates a time range from the rows and the measured rate', () => {
    const range = estimateProcessing(
      { products: 1000, propertyValues: 9000 },
      { rowsPerSecond: 10_000, startupMs: 1000 },
    );
    // 1 s to start plus 10,000 rows at 10,000/s: about 2 s, shown as a range around it.
    expect(range.lowSeconds).toBeLessThan(2);
    expect(range.highSeconds).toBeGreaterThan(2);
    expect(range.highSeconds / range.lowSeconds).toBeLessThanOrEqual(4);
  });
});
