import { byName, extractText, stepFile } from './test-support/collect-rows';

/** An imperial project, as Revit exports it for US users. */
const IMPERIAL = stepFile('IFC2X3', [
  '#1=IFCDIMENSIONALEXPONENTS(1,0,0,0,0,0,0);',
  '#2=IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.);',
  '#3=IFCMEASUREWITHUNIT(IFCRATIOMEASURE(0.3048),#2);',
  "#4=IFCCONVERSIONBASEDUNIT(#1,.LENGTHUNIT.,'FOOT',#3);",
  '#5=IFCSIUNIT(*,.AREAUNIT.,$,.SQUARE_METRE.);',
  '#6=IFCMEASUREWITHUNIT(IFCRATIOMEASURE(0.09290304),#5);',
  "#7=IFCCONVERSIONBASEDUNIT(#1,.AREAUNIT.,'SQUARE FOOT',#6);",
  '#8=IFCSIUNIT(*,.MASSUNIT.,.KILO.,.GRAM.);',
  '#9=IFCSIUNIT(*,.TIMEUNIT.,$,.SECOND.);',
  '#10=IFCSIUNIT(*,.THERMODYNAMICTEMPERATUREUNIT.,$,.KELVIN.);',
  '#11=IFCDERIVEDUNITELEMENT(#8,1);',
  '#12=IFCDERIVEDUNITELEMENT(#10,-1);',
  '#13=IFCDERIVEDUNITELEMENT(#9,-3);',
  '#14=IFCDERIVEDUNIT((#11,#12,#13),.THERMALTRANSMITTANCEUNIT.,$);',
  '#15=IFCMONETARYUNIT(.USD.);',
  '#16=IFCUNITASSIGNMENT((#4,#7,#14,#15));',
  "#20=IFCPROJECT('0Project000000000000001',$,'P',$,$,$,$,$,#16);",
  "#21=IFCWALLSTANDARDCASE('0Wall000000000000000001',$,'W',$,$,$,$,$);",
  "#22=IFCQUANTITYLENGTH('Length',$,$,12.5);",
  "#23=IFCQUANTITYAREA('NetSideArea',$,$,100.);",
  "#24=IFCELEMENTQUANTITY('0Qto0000000000000000001',$,'BaseQuantities',$,$,(#22,#23));",
  "#25=IFCPROPERTYSINGLEVALUE('ThermalTransmittance',$,IFCTHERMALTRANSMITTANCEMEASURE(0.35),$);",
  "#26=IFCPROPERTYSINGLEVALUE('Cost',$,IFCMONETARYMEASURE(1200.),$);",
  "#27=IFCPROPERTYSINGLEVALUE('Panels',$,IFCCOUNTMEASURE(4.),$);",
  "#28=IFCPROPERTYSET('0Pset0000000000000000001',$,'Pset_WallCommon',$,(#25,#26,#27));",
  "#29=IFCRELDEFINESBYPROPERTIES('0Rel0000000000000000001',$,$,$,(#21),#24);",
  "#30=IFCRELDEFINESBYPROPERTIES('0Rel0000000000000000002',$,$,$,(#21),#28);",
]);

describe('unit labels', () => {
  it('label conversion-based, derived and monetary units and leave values unconverted', async () => {
    const rows = await extractText(IMPERIAL);
    const unit = (name: string) => rows.properties.find((p) => p.PropertyName === name);
    expect(unit('Length')).toMatchObject({ Unit: 'ft', NumericValue: 12.5 });
    expect(unit('NetSideArea')).toMatchObject({ Unit: 'ft2', NumericValue: 100 });
    expect(unit('ThermalTransmittance')).toMatchObject({ Unit: 'kg/(K·s3)', NumericValue: 0.35 });
    expect(unit('Cost')).toMatchObject({ Unit: 'USD', NumericValue: 1200 });
    expect(unit('Panels')).toMatchObject({ Unit: null, NumericValue: 4, ValueType: 'IfcCountMeasure' });
    expect(byName(rows.elements, 'W')).toMatchObject({
      Length: 12.5,
      NetSideArea: 100,
      ThermalTransmittance: 0.35,
    });
  });
});
