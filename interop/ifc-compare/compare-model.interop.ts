import { compareModel, overAllowance } from './compare-model';
import { parseCsv, type OurModel, type OurProperty } from './our-model';
import type { PeerElement } from './peer-model';

// The comparer must be able to fail: each difference class is produced here from a hand-made pair of models.

const storey = { id: 38, type: 'IfcBuildingStorey', name: 'Level 1', longName: null };
const wall = (over: Partial<PeerElement> = {}): PeerElement => ({
  expressId: 10,
  globalId: 'g10',
  type: 'IfcWall',
  storey,
  properties: [
    {
      set: 'Pset_WallCommon',
      kind: 'PropertySet',
      name: 'IsExternal',
      cls: 'IfcPropertySingleValue',
      value: true,
      vtype: 'IfcBoolean',
    },
    {
      set: 'Qto_WallBaseQuantities',
      kind: 'QuantitySet',
      name: 'Length',
      cls: 'IfcQuantityLength',
      value: 4.2,
    },
  ],
  ...over,
});
const prop = (over: Partial<OurProperty>): OurProperty => ({
  ElementExpressId: 10,
  SetName: 'Pset_WallCommon',
  SetKind: 'PropertySet',
  PropertyName: 'IsExternal',
  Value: 'true',
  NumericValue: null,
  ValueType: 'IfcBoolean',
  ...over,
});
const ours = (over: Partial<OurModel> = {}): OurModel => ({
  elements: [{ GlobalId: 'g10', ExpressId: 10, IfcType: 'IfcWall', Storey: 'Level 1' }],
  properties: [
    prop({}),
    prop({
      SetName: 'Qto_WallBaseQuantities',
      SetKind: 'QuantitySet',
      PropertyName: 'Length',
      Value: '4.2',
      NumericValue: 4.2,
      ValueType: 'IfcLengthMeasure',
    }),
  ],
  csvGlobalIds: ['g10'],
  ...over,
});

describe('compareModel', () => {
  it('finds nothing when both sides agree', () => {
    const report = compareModel('f', 'IFC4', ours(), [wall()]);
    expect(report.differences).toEqual({});
    expect(report.compared).toEqual({ storeys: 1, properties: 2, values: 2 });
    expect(report.globalIds).toEqual({ onlyOurs: [], onlyTheirs: [], csvMatchesFeed: true });
  });

  it('reports GlobalIds on one side only, type mismatches and a CSV that disagrees with the feed', () => {
    const report = compareModel('f', 'IFC4', ours({ csvGlobalIds: [] }), [
      wall({ type: 'IfcWallStandardCase' }),
      wall({ expressId: 11, globalId: 'g11' }),
    ]);
    expect(report.globalIds).toEqual({ onlyOurs: [], onlyTheirs: ['g11'], csvMatchesFeed: false });
    expect(report.typeMismatches).toEqual([
      { expressId: 10, ours: 'IfcWall', theirs: 'IfcWallStandardCase' },
    ]);
  });

  it('classifies value, missing and extra properties as defects', () => {
    const model = ours({
      properties: [
        prop({ Value: 'false' }),
        prop({ SetName: 'Pset_Extra', PropertyName: 'X', Value: 'x', ValueType: 'IfcLabel' }),
      ],
    });
    const report = compareModel('f', 'IFC4', model, [wall()]);
    expect(Object.keys(report.differences).sort()).toEqual([
      'property-extra',
      'property-missing',
      'value-mismatch',
    ]);
    expect(report.unexplained).toBe(3);
    expect(Object.keys(overAllowance(report)).sort()).toEqual([
      'property-extra',
      'property-missing',
      'value-mismatch',
    ]);
  });

  it('accepts a storey label only for an unnamed storey, and a contained space only on the storey its relationship names', () => {
    const unnamed = { ...storey, name: null };
    const labelled = compareModel(
      'f',
      'IFC4',
      ours({
        elements: [{ GlobalId: 'g10', ExpressId: 10, IfcType: 'IfcWall', Storey: 'IfcBuildingStorey #38' }],
      }),
      [wall({ storey: unnamed })],
    );
    expect(Object.keys(labelled.differences)).toEqual(['storey-name-fallback']);
    expect(overAllowance(labelled)).toEqual({});

    const wrong = compareModel(
      'f',
      'IFC4',
      ours({ elements: [{ GlobalId: 'g10', ExpressId: 10, IfcType: 'IfcWall', Storey: 'Level 2' }] }),
      [wall()],
    );
    expect(Object.keys(wrong.differences)).toEqual(['storey-mismatch']);

    const space = {
      expressId: 10,
      globalId: 'g10',
      type: 'IfcWall',
      storey: null,
      properties: wall().properties,
    };
    const contained = compareModel('f', 'IFC4', ours(), [{ ...space, storeyByRawContainment: storey }]);
    expect(Object.keys(contained.differences)).toEqual(['spatial-element-contained']);
    const unrelated = compareModel('f', 'IFC4', ours(), [space]);
    expect(Object.keys(unrelated.differences)).toEqual(['storey-mismatch']);
  });

  it('counts a blanked string as explained but holds it to its 1 % allowance', () => {
    const peer = wall({
      properties: [
        {
          set: 'P',
          kind: 'PropertySet',
          name: 'Note',
          cls: 'IfcPropertySingleValue',
          value: 'caf\u00e9',
          vtype: 'IfcLabel',
        },
      ],
    });
    const report = compareModel(
      'f',
      'IFC4',
      ours({
        properties: [prop({ SetName: 'P', PropertyName: 'Note', Value: null, ValueType: 'IfcLabel' })],
      }),
      [peer],
    );
    expect(Object.keys(report.differences)).toEqual(['string-blanked-by-web-ifc']);
    expect(report.unexplained).toBe(0);
    // the allowance rounds up: one blanked value in a file is allowed, two of two values are not
    expect(overAllowance(report)).toEqual({});
    const twice = compareModel(
      'f',
      'IFC4',
      ours({
        properties: [
          prop({ SetName: 'P', PropertyName: 'Note', Value: null, ValueType: 'IfcLabel' }),
          prop({ SetName: 'P', PropertyName: 'Note', Value: null, ValueType: 'IfcLabel' }),
        ],
      }),
      [wall({ properties: [...peer.properties, ...peer.properties] })],
    );
    expect(overAllowance(twice)['string-blanked-by-web-ifc']).toMatchObject({ count: 2, allowed: 1 });
  });
});

describe('parseCsv', () => {
  it('reads quoted fields, doubled quotes, CRLF and a UTF-8 BOM', () => {
    expect(parseCsv('\ufeffGlobalId,Name\r\n"a,b","say ""hi"""\r\nc,\r\n')).toEqual([
      ['GlobalId', 'Name'],
      ['a,b', 'say "hi"'],
      ['c', ''],
    ]);
  });
});
