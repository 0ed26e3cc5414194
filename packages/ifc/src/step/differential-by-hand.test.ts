import { stepFile } from '../test-support/collect-rows';
import {
  expectStreamingLikeWebIfc,
  extractStreaming,
  extractWithWebIfc,
} from '../test-support/compare-extractors';
import { withTempIfc } from '../test-support/temp-ifc';
import { guid, twoWallsWith } from '../test-support/two-walls';

/** Small models written by hand: units, materials, types and spatial relationships the generator does not write. */
/** Imperial length and area units, and derived (thermal transmittance) and monetary ones. */
const FEET = [
  "#6=IFCCONVERSIONBASEDUNIT(#7,.LENGTHUNIT.,'FOOT',#8);",
  '#7=IFCDIMENSIONALEXPONENTS(1,0,0,0,0,0,0);',
  '#8=IFCMEASUREWITHUNIT(IFCLENGTHMEASURE(0.3048),#9);',
  '#9=IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.);',
  "#4=IFCCONVERSIONBASEDUNIT(#5,.AREAUNIT.,'square foot',#2);",
  '#5=IFCDIMENSIONALEXPONENTS(2,0,0,0,0,0,0);',
  '#2=IFCMEASUREWITHUNIT(IFCAREAMEASURE(0.09290304),#16);',
  '#16=IFCSIUNIT(*,.AREAUNIT.,$,.SQUARE_METRE.);',
  '#17=IFCSIUNIT(*,.VOLUMEUNIT.,.CENTI.,.CUBIC_METRE.);',
  '#18=IFCDERIVEDUNIT((#180,#181),.THERMALTRANSMITTANCEUNIT.,$);',
  '#180=IFCDERIVEDUNITELEMENT(#182,1);',
  '#181=IFCDERIVEDUNITELEMENT(#9,-2);',
  '#182=IFCSIUNIT(*,.POWERUNIT.,$,.WATT.);',
  "#19=IFCMONETARYUNIT('EUR');",
];
const RELATIONSHIPS_BY_HAND: Array<[string, string[]]> = [
  [
    'quantities in feet',
    [
      ...twoWallsWith(FEET, '#6,#4,#17,#18,#19'),
      `#30=IFCELEMENTQUANTITY(${guid(30)},$,'Qto_WallBaseQuantities',$,$,(#31,#32,#33,#34,#35,#36,#37));`,
      "#31=IFCQUANTITYLENGTH('Length',$,$,12.5,$);",
      "#32=IFCQUANTITYAREA('NetSideArea',$,$,40.,$);",
      "#33=IFCQUANTITYVOLUME('NetVolume',$,$,3.,$);",
      "#34=IFCQUANTITYCOUNT('Count',$,$,4.,$);",
      "#35=IFCQUANTITYWEIGHT('NetWeight',$,$,100.,$);",
      "#36=IFCQUANTITYTIME('Time',$,$,60.,$);",
      "#37=IFCQUANTITYLENGTH('Width',$,#9,0.2,$);",
      `#38=IFCRELDEFINESBYPROPERTIES(${guid(38)},$,$,$,(#20),#30);`,
      `#40=IFCPROPERTYSET(${guid(40)},$,'Pset_WallCommon',$,(#41,#42,#43));`,
      "#41=IFCPROPERTYSINGLEVALUE('ThermalTransmittance',$,IFCTHERMALTRANSMITTANCEMEASURE(0.25),$);",
      "#42=IFCPROPERTYSINGLEVALUE('Cost',$,IFCMONETARYMEASURE(99.5),$);",
      "#43=IFCPROPERTYSINGLEVALUE('IsExternal',$,IFCBOOLEAN(.T.),$);",
      `#44=IFCRELDEFINESBYPROPERTIES(${guid(44)},$,$,$,(#20,#22),#40);`,
    ],
  ],
  [
    'materials',
    [
      ...twoWallsWith(['#6=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);'], '#6'),
      "#50=IFCMATERIAL('Concrete',$,'Concrete');",
      "#51=IFCMATERIAL('Insul\\X2\\00E4\\X0\\tion',$,$);",
      "#52=IFCMATERIALLAYER(#50,200.,$,'Core',$,$,$);",
      '#53=IFCMATERIALLAYER(#51,100.,.U.,$,$,$,$);',
      "#54=IFCMATERIALLAYERSET((#52,#53),'Wall 300',$);",
      '#55=IFCMATERIALLAYERSETUSAGE(#54,.AXIS2.,.POSITIVE.,0.,$);',
      `#56=IFCRELASSOCIATESMATERIAL(${guid(56)},$,$,$,(#20),#55);`,
      "#57=IFCMATERIALCONSTITUENT('Frame',$,#50,0.5,$);",
      '#58=IFCMATERIALCONSTITUENT($,$,#51,$,$);',
      "#59=IFCMATERIALCONSTITUENTSET('Mix',$,(#57,#58));",
      `#60=IFCRELASSOCIATESMATERIAL(${guid(60)},$,$,$,(#22),#59);`,
    ],
  ],
  [
    'material list and type with property sets',
    [
      ...twoWallsWith(['#6=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);'], '#6'),
      "#50=IFCMATERIAL('Brick',$,$);",
      "#51=IFCMATERIAL('Mortar',$,$);",
      '#52=IFCMATERIALLIST((#50,#51));',
      `#53=IFCRELASSOCIATESMATERIAL(${guid(53)},$,$,$,(#20),#52);`,
      `#60=IFCWALLTYPE(${guid(60)},$,'Type A',$,$,(#61),$,'TA',$,.STANDARD.);`,
      `#61=IFCPROPERTYSET(${guid(61)},$,'Pset_WallCommon',$,(#62,#63));`,
      "#62=IFCPROPERTYSINGLEVALUE('FireRating',$,IFCLABEL('EI60'),$);",
      "#63=IFCPROPERTYSINGLEVALUE('LoadBearing',$,IFCBOOLEAN(.F.),$);",
      `#64=IFCRELDEFINESBYTYPE(${guid(64)},$,$,$,(#20,#22),#60);`,
      `#65=IFCPROPERTYSET(${guid(65)},$,'Pset_WallCommon',$,(#66));`,
      "#66=IFCPROPERTYSINGLEVALUE('FireRating',$,IFCLABEL('EI90'),$);",
      `#67=IFCRELDEFINESBYPROPERTIES(${guid(67)},$,$,$,(#22),#65);`,
      `#70=IFCWALLTYPE(${guid(70)},$,'Type B',$,$,$,$,$,$,.STANDARD.);`,
      `#71=IFCRELDEFINESBYTYPE(${guid(71)},$,$,$,(#22),#70);`,
    ],
  ],
  [
    'spaces, nested storeys, property set definition set',
    [
      ...twoWallsWith(['#6=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);'], '#6'),
      `#80=IFCSPACE(${guid(80)},$,'R1',$,$,$,$,'Room \\X4\\0001F600\\X0\\ \\X2\\D83DDE00\\X0\\',.ELEMENT.,.INTERNAL.,$);`,
      `#81=IFCRELAGGREGATES(${guid(81)},$,$,$,#12,(#80,#82));`,
      `#82=IFCBUILDINGSTOREY(${guid(82)},$,'Mezzanine',$,$,$,$,$,.PARTIAL.,11.);`,
      `#83=IFCFURNITURE(${guid(83)},$,'Desk',$,$,$,$,$,$);`,
      `#84=IFCRELCONTAINEDINSPATIALSTRUCTURE(${guid(84)},$,$,$,(#83),#80);`,
      `#85=IFCDOOR(${guid(85)},$,'D1',$,$,$,$,$,2100.,900.,$,$,$);`,
      `#86=IFCRELCONTAINEDINSPATIALSTRUCTURE(${guid(86)},$,$,$,(#85),#82);`,
      `#87=IFCRELCONTAINEDINSPATIALSTRUCTURE(${guid(87)},$,$,$,(#20),#80);`,
      `#90=IFCPROPERTYSET(${guid(90)},$,'A',$,(#91));`,
      `#92=IFCPROPERTYSET(${guid(92)},$,'B',$,(#93));`,
      "#91=IFCPROPERTYSINGLEVALUE('x',$,IFCLABEL('1'),$);",
      "#93=IFCPROPERTYSINGLEVALUE('y',$,IFCLABEL('2'),$);",
      `#94=IFCRELDEFINESBYPROPERTIES(${guid(94)},$,$,$,(#83),(#90,#92));`,
    ],
  ],
  [
    'every kind of property: enumerated, bounded, list, table, reference, complex, and odd values',
    [
      ...twoWallsWith(['#6=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);'], '#6'),
      `#100=IFCPROPERTYSET(${guid(96)},$,'Pset_Kinds',$,(#101,#102,#103,#104,#105,#106,#107,#108,#109,#110,#111,#113,#114,#115,#116));`,
      "#101=IFCPROPERTYENUMERATEDVALUE('Status',$,(IFCLABEL('NEW'),IFCLABEL('EXISTING')),#120);",
      "#120=IFCPROPERTYENUMERATION('PEnum_Status',(IFCLABEL('NEW'),IFCLABEL('EXISTING'),IFCLABEL('DEMOLISH')),$);",
      "#102=IFCPROPERTYBOUNDEDVALUE('Range',$,IFCLENGTHMEASURE(10.),IFCLENGTHMEASURE(2.),$,$);",
      "#103=IFCPROPERTYLISTVALUE('Sizes',$,(IFCLENGTHMEASURE(1.),IFCLENGTHMEASURE(2.5)),$);",
      "#104=IFCPROPERTYTABLEVALUE('Curve',$,(IFCREAL(1.),IFCREAL(2.)),(IFCREAL(3.),IFCREAL(4.)),$,$,$,$);",
      "#105=IFCPROPERTYREFERENCEVALUE('Ref',$,$,#50);",
      "#50=IFCMATERIAL('Steel',$,$);",
      "#106=IFCCOMPLEXPROPERTY('Complex',$,'Usage',(#107,#108));",
      "#107=IFCPROPERTYSINGLEVALUE('Inner A',$,IFCINTEGER(-3),$);",
      "#108=IFCPROPERTYSINGLEVALUE('Inner B',$,IFCTEXT('semi;colon ) paren ''quoted'''),$);",
      "#109=IFCPROPERTYSINGLEVALUE('Empty',$,$,$);",
      "#110=IFCPROPERTYSINGLEVALUE('Tiny',$,IFCREAL(1.E-5),$);",
      "#111=IFCPROPERTYSINGLEVALUE('Logical',$,IFCLOGICAL(.U.),$);",
      // IFC4's IfcBinary: web-ifc keeps the hex digits as written
      '#113=IFCPROPERTYSINGLEVALUE(\'Checksum\',$,IFCBINARY("0FF"),$);',
      // against the schema: a reference or a list where a value belongs (no value), a typed reference (its number)
      "#114=IFCPROPERTYSINGLEVALUE('Bare reference',$,#50,$);",
      "#115=IFCPROPERTYSINGLEVALUE('Bare list',$,(1.,2.),$);",
      "#116=IFCPROPERTYSINGLEVALUE('Typed reference',$,IFCLABEL(#50),$);",
      `#112=IFCRELDEFINESBYPROPERTIES(${guid(97)},$,$,$,(#20),#100);`,
    ],
  ],
];

describe('streaming extractor against web-ifc on hand-written relationships', () => {
  it.each(RELATIONSHIPS_BY_HAND)('%s: the same rows', async (_, lines) => {
    await expectStreamingLikeWebIfc(stepFile('IFC4', lines), [41]);
  });

  it('reads every property set of an IFC4 property set definition set, with both extractors', async () => {
    const [, lines] = RELATIONSHIPS_BY_HAND.find(([name]) => name.includes('definition set'))!;
    const text = stepFile('IFC4', lines);
    const setsOfTheDesk = (rows: string[]) =>
      rows
        .map((row) => JSON.parse(row) as { ElementExpressId: number; SetName: string; PropertyName: string })
        .filter((row) => row.ElementExpressId === 83)
        .map((row) => `${row.SetName}.${row.PropertyName}`);
    const reference = await extractWithWebIfc(Buffer.from(text, 'latin1'));
    expect(setsOfTheDesk(reference.properties)).toEqual(['A.x', 'B.y']);
    const streamed = await withTempIfc(text, (file) => extractStreaming(file));
    expect(setsOfTheDesk(streamed.properties)).toEqual(['A.x', 'B.y']);
  });
});

describe('an IFC4X3_ADD2 bridge and road (no shared sample has one)', () => {
  const lines = [
    `#1=IFCPROJECT(${guid(1)},$,'P',$,$,$,$,$,#3);`,
    '#3=IFCUNITASSIGNMENT((#6));',
    '#6=IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.);',
    `#10=IFCSITE(${guid(10)},$,'S',$,$,$,$,$,.ELEMENT.,$,$,$,$,$);`,
    `#11=IFCBRIDGE(${guid(11)},$,'Brücke',$,$,$,$,$,.ELEMENT.,.USERDEFINED.);`,
    `#12=IFCBRIDGEPART(${guid(12)},$,'Deck',$,$,$,$,$,.PARTIAL.,.LATERAL.,.DECK.);`,
    `#13=IFCRELAGGREGATES(${guid(13)},$,$,$,#1,(#10));`,
    `#14=IFCRELAGGREGATES(${guid(14)},$,$,$,#10,(#11,#30));`,
    `#15=IFCRELAGGREGATES(${guid(15)},$,$,$,#11,(#12));`,
    `#20=IFCBEAM(${guid(20)},$,'Girder',$,$,$,$,$,.GIRDER_SEGMENT.);`,
    `#21=IFCBEARING(${guid(21)},$,'Bearing',$,$,$,$,$,.ELASTOMERIC.);`,
    `#22=IFCRELCONTAINEDINSPATIALSTRUCTURE(${guid(22)},$,$,$,(#20,#21),#12);`,
    `#30=IFCROAD(${guid(30)},$,'Road',$,$,$,$,$,.ELEMENT.,$);`,
    `#31=IFCROADPART(${guid(31)},$,'Carriageway',$,$,$,$,$,.PARTIAL.,.LONGITUDINAL.,.CARRIAGEWAY.);`,
    `#32=IFCRELAGGREGATES(${guid(32)},$,$,$,#30,(#31));`,
    `#33=IFCCOURSE(${guid(33)},$,'Surface',$,$,$,$,$,.PAVEMENT.);`,
    `#34=IFCPAVEMENT(${guid(34)},$,'Pavement',$,$,$,$,$,.FLEXIBLE.);`,
    `#35=IFCSIGN(${guid(35)},$,'Sign',$,$,$,$,$,.MARKER.);`,
    `#36=IFCEARTHWORKSFILL(${guid(36)},$,'Fill',$,$,$,$,$,.EMBANKMENT.);`,
    `#37=IFCRELCONTAINEDINSPATIALSTRUCTURE(${guid(37)},$,$,$,(#33,#34,#35,#36),#31);`,
    `#40=IFCALIGNMENT(${guid(40)},$,'Axis',$,$,$,$,$);`,
    `#41=IFCRELCONTAINEDINSPATIALSTRUCTURE(${guid(41)},$,$,$,(#40),#10);`,
    `#50=IFCPROPERTYSET(${guid(50)},$,'Pset_BearingCommon',$,(#51));`,
    "#51=IFCPROPERTYSINGLEVALUE('IsFixed',$,IFCBOOLEAN(.T.),$);",
    `#52=IFCRELDEFINESBYPROPERTIES(${guid(52)},$,$,$,(#21),#50);`,
  ];

  it('gives the same rows from both extractors: a facility is the Building, its part the Storey', async () => {
    const reference = await expectStreamingLikeWebIfc(stepFile('IFC4X3_ADD2', lines), [undefined, 37]);
    const placed = reference.elements
      .map((row) => JSON.parse(row) as Record<string, string | null>)
      .map((r) => `${r.IfcType} ${r.Name}: ${r.Site} / ${r.Building} / ${r.Storey} (${r.PredefinedType})`)
      .sort();
    expect(placed).toEqual([
      'IfcAlignment Axis: S / null / null (null)',
      'IfcBeam Girder: S / Brücke / Deck (GIRDER_SEGMENT)',
      'IfcBearing Bearing: S / Brücke / Deck (ELASTOMERIC)',
      'IfcBridge Brücke: S / Brücke / null (USERDEFINED)',
      'IfcBridgePart Deck: S / Brücke / Deck (DECK)',
      'IfcCourse Surface: S / Road / Carriageway (PAVEMENT)',
      'IfcEarthworksFill Fill: S / Road / Carriageway (EMBANKMENT)',
      'IfcPavement Pavement: S / Road / Carriageway (FLEXIBLE)',
      'IfcRoad Road: S / Road / null (null)',
      'IfcRoadPart Carriageway: S / Road / Carriageway (CARRIAGEWAY)',
      'IfcSign Sign: S / Road / Carriageway (MARKER)',
      'IfcSite S: S / null / null (null)',
    ]);
  });
});

describe('bytes after END-ISO-10303-21;', () => {
  it.each([
    ['NUL padding', '\0'.repeat(300), 300],
    ['a signature', '\r\n-----BEGIN SIGNATURE-----\r\nAbC=\r\n', 31],
  ])(
    'are ignored with a warning by both extractors (%s), the rows as without them',
    async (_, after, count) => {
      const [, lines] = RELATIONSHIPS_BY_HAND[0]!;
      const clean = stepFile('IFC4', lines);
      const withJunk = `${clean}${after}`;
      const expected = await expectStreamingLikeWebIfc(withJunk, [undefined, 29]);
      const warning = {
        code: 'trailingData',
        count,
        message: `${count} bytes after 'END-ISO-10303-21;' (the end of the file's data) were ignored`,
      };
      expect(expected.summary.warnings).toEqual([warning]);
      const plain = await extractWithWebIfc(Buffer.from(clean, 'latin1'));
      expect(plain.summary.warnings).toEqual([]);
      expect(expected.elements).toEqual(plain.elements);
      expect(expected.properties).toEqual(plain.properties);
    },
  );
});
