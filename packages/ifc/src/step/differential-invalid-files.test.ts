import { generateIfcModel } from '../generate';
import { stepFile } from '../test-support/collect-rows';
import { extractStreaming, extractWithWebIfc } from '../test-support/compare-extractors';
import { withTempIfc } from '../test-support/temp-ifc';
import { guid, twoWallsWith } from '../test-support/two-walls';

/**
 * Files that break the rules (unknown entity types, repeated instance names, lower-case keywords): what each
 * extractor does with them.
 */
describe('instances of entity types the schema does not define', () => {
  const base = twoWallsWith(['#6=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);'], '#6');
  /** The rows with and without `extra` lines: the same, and web-ifc's the same as the streaming extractor's. */
  async function leftOut(extra: string[], chunkSize?: number) {
    const text = stepFile('IFC4', [...base, ...extra]);
    const streamed = await withTempIfc(text, (file) => extractStreaming(file, chunkSize));
    const reference = await extractWithWebIfc(Buffer.from(text, 'latin1'));
    const plain = await extractWithWebIfc(Buffer.from(stepFile('IFC4', base), 'latin1'));
    for (const rows of [streamed, reference]) {
      expect(rows.elements).toEqual(plain.elements);
      expect(rows.properties).toEqual(plain.properties);
      expect(rows.spatial).toEqual(plain.spatial);
    }
    // web-ifc leaves them out without a word. If this fails, it reports them now.
    expect(reference.summary.warnings).toEqual([]);
    return streamed.summary.warnings;
  }

  it('are left out by both extractors; the streaming one says which', async () => {
    const courses = [40, 41, 42].map((n) => `#${n}=IFCCOURSE(${guid(n)},$,'C${n}',$,$,$,$,$,.PAVEMENT.);`);
    for (const chunkSize of [undefined, 31]) {
      expect(
        await leftOut(
          [
            ...courses,
            `#43=IFCWALX(${guid(43)},$,'typo',$,$,$,$,$,$);`,
            `#44=IFCRELCONTAINEDINSPATIALSTRUCTURE(${guid(44)},$,$,$,(#40,#41,#42,#43),#12);`,
          ],
          chunkSize,
        ),
      ).toEqual([
        {
          code: 'unknownEntity',
          count: 4,
          message:
            '4 instances of entity types the IFC4 schema does not define were left out: IFCCOURSE (3), IFCWALX (1)',
        },
      ]);
    }
  });

  it('names a single one by its instance name; a complex instance is not one of them', async () => {
    expect(
      await leftOut([
        `#40=IFCFACILITY(${guid(40)},$,'F',$,$,$,$,$,$,$,$);`,
        '#41=(IFCLENGTHMEASURE(1.)IFCREAL(2.));',
        // an IFC2X3 presentation style, which the extraction would not read in an IFC2X3 file either
        "#42=IFCSYMBOLSTYLE('s',#43);",
      ]),
    ).toEqual([
      {
        code: 'unknownEntity',
        count: 1,
        message: '#40 is an IFCFACILITY, an entity type the IFC4 schema does not define; it was left out',
      },
    ]);
  });

  it('cuts a name longer than any entity name in the message', async () => {
    const long = `IFC${'X'.repeat(5000)}`;
    expect(await leftOut([`#40=${long}($);`, `#41=${long}($);`])).toEqual([
      {
        code: 'unknownEntity',
        count: 2,
        message: `2 instances of entity types the IFC4 schema does not define were left out: ${long.slice(0, 63)}… (2)`,
      },
    ]);
  });

  it('lists the first eight types met, then says there were others', async () => {
    const names = 'ABCDEFGHIJ'.split('').map((letter) => `IFCNOTATYPE${letter}`);
    const warnings = await leftOut(names.map((name, i) => `#${40 + i}=${name}($);`));
    expect(warnings).toEqual([
      {
        code: 'unknownEntity',
        count: 10,
        message: `10 instances of entity types the IFC4 schema does not define were left out: ${names
          .slice(0, 8)
          .map((name) => `${name} (1)`)
          .join(', ')} and other types`,
      },
    ]);
  });
});

/** Invalid STEP that real files still contain: where the extractors part, the streaming one is pinned here. */
describe('streaming extractor on invalid instance names, entity names, derived marks and booleans', () => {
  const wallNames = (rows: { elements: string[] }) =>
    rows.elements
      .map((row) => JSON.parse(row) as { ExpressId: number; Name: string; IfcType: string })
      .filter((row) => row.IfcType === 'IfcWall')
      .map((row) => `#${row.ExpressId} ${row.Name}`);

  it('reads the first definition of an instance name defined twice, with a warning naming it', async () => {
    const base = twoWallsWith(['#6=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);'], '#6');
    const lines = [...base, `#20=IFCWALL(${guid(23)},$,'W1 again',$,$,$,$,$,$);`];
    const text = stepFile('IFC4', lines);
    for (const chunkSize of [undefined, 37]) {
      const streamed = await withTempIfc(text, (file) => extractStreaming(file, chunkSize));
      expect(wallNames(streamed).sort()).toEqual(['#20 W1', '#22 W2']);
      expect(streamed.summary.warnings).toEqual([
        {
          code: 'duplicateEntity',
          count: 1,
          message: '#20 was defined twice; the first definition was read',
        },
      ]);
    }
    // web-ifc reads the last definition once for each occurrence: a third wall row. If this fails, it changed.
    const reference = await extractWithWebIfc(Buffer.from(text, 'latin1'));
    expect(wallNames(reference).sort()).toEqual(['#20 W1 again', '#20 W1 again', '#22 W2']);
    expect(reference.summary.warnings).toEqual([]);

    const thrice = stepFile('IFC4', [
      ...lines,
      `#22=IFCWALL(${guid(24)},$,'W2 again',$,$,$,$,$,$);`,
      lines[lines.length - 1]!,
    ]);
    const streamed = await withTempIfc(thrice, (file) => extractStreaming(file));
    expect(wallNames(streamed).sort()).toEqual(['#20 W1', '#22 W2']);
    expect(streamed.summary.warnings).toEqual([
      expect.objectContaining({
        code: 'duplicateEntity',
        count: 3,
        message:
          '3 instances repeated an instance name defined before them (the first #20); the first definition of each name was read',
      }),
    ]);
  });

  it('reads an entity name written in lower case, which web-ifc leaves out', async () => {
    const base = twoWallsWith(['#6=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);'], '#6');
    const text = stepFile(
      'IFC4',
      base.map((line) => line.replace('#20=IFCWALL(', '#20=IfcWall(')),
    );
    const streamed = await withTempIfc(text, (file) => extractStreaming(file, 23));
    expect(wallNames(streamed).sort()).toEqual(['#20 W1', '#22 W2']);
    // ISO 10303-21 writes keywords in upper case; web-ifc matches them as written. If this fails, it reads them now.
    const reference = await extractWithWebIfc(Buffer.from(text, 'latin1'));
    expect(wallNames(reference).sort()).toEqual(['#22 W2']);
  });

  it('reads * in an explicit attribute as no value, as IfcOpenShell does; web-ifc shifts the attributes after it', async () => {
    const text = stepFile(
      'IFC4',
      twoWallsWith(['#6=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);'], '#6').map((line) =>
        line.startsWith('#22=') ? `#22=IFCWALL(${guid(22)},$,*,$,$,$,$,'T-22',.PARTITIONING.);` : line,
      ),
    );
    const wall = (rows: { elements: string[] }) => {
      const row = rows.elements
        .map((r) => JSON.parse(r) as Record<string, unknown>)
        .find((r) => r.ExpressId === 22)!;
      return { Name: row.Name, Tag: row.Tag, PredefinedType: row.PredefinedType };
    };
    for (const chunkSize of [undefined, 29]) {
      const streamed = await withTempIfc(text, (file) => extractStreaming(file, chunkSize));
      expect(wall(streamed)).toEqual({ Name: null, Tag: 'T-22', PredefinedType: 'PARTITIONING' });
    }
    // web-ifc drops the * and reads each later attribute one place early. If this fails, it keeps their places now.
    const reference = await extractWithWebIfc(Buffer.from(text, 'latin1'));
    expect(wall(reference)).toEqual({ Name: null, Tag: 'PARTITIONING', PredefinedType: null });
  });

  it('leaves out a record nested 200,000 levels deep, as web-ifc does, instead of running out of stack', async () => {
    const deep = '('.repeat(200_000) + ')'.repeat(200_000);
    const text = stepFile('IFC4', [
      ...twoWallsWith(['#6=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);'], '#6'),
      `#30=IFCPROPERTYSET(${guid(30)},$,'Pset_Deep',$,(#31,#32,#33));`,
      `#31=IFCPROPERTYSINGLEVALUE('Lists',$,${deep},$);`,
      `#32=IFCPROPERTYSINGLEVALUE('Typed',$,${'IFCLABEL('.repeat(100_000)}'x'${')'.repeat(100_000)},$);`,
      "#33=IFCPROPERTYSINGLEVALUE('Plain',$,IFCLABEL('kept'),$);",
      `#34=IFCRELDEFINESBYPROPERTIES(${guid(34)},$,$,$,(#20),#30);`,
    ]);
    const names = (rows: { properties: string[] }) =>
      rows.properties.map((row) => (JSON.parse(row) as { PropertyName: string }).PropertyName);
    const streamed = await withTempIfc(text, (file) => extractStreaming(file));
    const reference = await extractWithWebIfc(Buffer.from(text, 'latin1'));
    expect(names(streamed)).toEqual(['Plain']);
    expect(streamed.elements).toEqual(reference.elements);
    expect(streamed.properties).toEqual(reference.properties);
  });

  it('reads a boolean written in lower case (.t.) as no value, as IfcOpenShell does; web-ifc reads the text', async () => {
    const text = stepFile('IFC4', [
      ...twoWallsWith(['#6=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);'], '#6'),
      `#30=IFCPROPERTYSET(${guid(30)},$,'Pset_WallCommon',$,(#31,#32));`,
      "#31=IFCPROPERTYSINGLEVALUE('IsExternal',$,IFCBOOLEAN(.t.),$);",
      "#32=IFCPROPERTYSINGLEVALUE('LoadBearing',$,IFCBOOLEAN(.T.),$);",
      `#33=IFCRELDEFINESBYPROPERTIES(${guid(33)},$,$,$,(#20),#30);`,
    ]);
    const flags = (rows: { elements: string[]; properties: string[] }) => {
      const wall = rows.elements
        .map((row) => JSON.parse(row) as { ExpressId: number; IsExternal: unknown; LoadBearing: unknown })
        .find((row) => row.ExpressId === 20)!;
      const values = rows.properties
        .map((row) => JSON.parse(row) as { PropertyName: string; Value: unknown })
        .map((row) => `${row.PropertyName}=${String(row.Value)}`)
        .sort();
      return { isExternal: wall.IsExternal, loadBearing: wall.LoadBearing, values };
    };
    const streamed = await withTempIfc(text, (file) => extractStreaming(file));
    expect(flags(streamed)).toEqual({
      isExternal: null,
      loadBearing: true,
      values: ['IsExternal=null', 'LoadBearing=true'],
    });
    // ISO 10303-21 writes enumerations in upper case. If this fails, web-ifc reads `.t.` differently now.
    const reference = await extractWithWebIfc(Buffer.from(text, 'latin1'));
    expect(flags(reference).values).toEqual(['IsExternal=t', 'LoadBearing=true']);
  });
});

describe('records whose parameters are not ISO 10303-21', () => {
  it('are left out with a warning naming the first, each counted once however often the rows ask for it', async () => {
    const model = generateIfcModel({ storeys: 1, bays: 2 });
    const usage = /#(\d+)=IFCMATERIALLAYERSETUSAGE\(#\d+,\.AXIS2\.,/.exec(model)!;
    const column = /#(\d+)=IFCCOLUMN\('/.exec(model)!;
    // an enumeration with text after its closing dot (the walls' layer set usage), and a column whose attribute list is cut by a stray ')'
    const text = model
      .replace(usage[0], usage[0].replace('.AXIS2.,', '.AXIS2.E0,'))
      .replace(column[0], column[0].replace("IFCCOLUMN('", "IFCCOLUMN()'"));
    const reference = await extractWithWebIfc(Buffer.from(model, 'latin1'));
    const streamed = await withTempIfc(text, (file) => extractStreaming(file));
    const byId = (rows: { elements: string[] }) =>
      new Map(
        rows.elements.map((row) => {
          const element = JSON.parse(row) as { ExpressId: number; Material: string | null };
          return [element.ExpressId, element.Material] as const;
        }),
      );
    const before = byId(reference);
    const after = byId(streamed);
    // the column is gone; the walls sharing the layer set usage lost their material, nothing else changed
    expect(after.has(Number(column[1]))).toBe(false);
    expect(after.size).toBe(before.size - 1);
    const lost = [...after].filter(([id, material]) => material !== before.get(id));
    expect(lost.length).toBeGreaterThan(1);
    expect(lost.every(([, material]) => material === null)).toBe(true);
    expect(streamed.summary.warnings).toEqual([
      {
        code: 'unreadableRecord',
        count: 2,
        message: expect.stringMatching(
          new RegExp(`^2 records could not be read and were left out; the first, #\\d+, an Ifc\\w+: `),
        ) as unknown as string,
      },
    ]);
  });
});
