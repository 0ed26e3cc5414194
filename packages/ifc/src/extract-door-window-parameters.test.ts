import { DOOR_WINDOW_PARAMETERS, type GeneratedSchema, generateIfcFixture } from './generate';
import { extractText } from './test-support/collect-rows';
import type { PropertyRow } from './types';

const P = DOOR_WINDOW_PARAMETERS;
/** Attributes typed IfcNormalisedRatioMeasure in the schemas; every other number is a length measure. */
const RATIOS = new Set([
  'PanelWidth',
  'FirstTransomOffset',
  'SecondTransomOffset',
  'FirstMullionOffset',
  'SecondMullionOffset',
]);

/** The generator's values as the property rows must show them: numbers with the project's length unit (mm), ratios
 * without a unit, enums as text. */
function expectedRows(values: Record<string, number | string>) {
  return Object.entries(values).map(([name, value]) => ({
    PropertyName: name,
    Value: String(value),
    NumericValue: typeof value === 'number' ? value : null,
    Unit: typeof value === 'number' && !RATIOS.has(name) ? 'mm' : null,
  }));
}

describe.each<[GeneratedSchema, boolean]>([
  ['IFC4', true],
  ['IFC2X3', false],
])('door and window lining and panel properties (%s)', (schema, v4) => {
  let properties: PropertyRow[];
  let doorId: number;
  let windowId: number;

  beforeAll(async () => {
    const { text } = generateIfcFixture({ storeys: 1, bays: 1, schema, doorWindowParameters: true });
    const rows = await extractText(text);
    properties = rows.properties;
    doorId = rows.elements.find((e) => e.IfcType === 'IfcDoor')?.ExpressId ?? -1;
    windowId = rows.elements.find((e) => e.IfcType === 'IfcWindow')?.ExpressId ?? -1;
  });

  const setOf = (elementId: number, setName: string) =>
    properties
      .filter((p) => p.ElementExpressId === elementId && p.SetName === setName)
      .map(({ SetKind, PropertyName, Value, NumericValue, Unit }) => ({
        SetKind,
        PropertyName,
        Value,
        NumericValue,
        Unit,
      }));

  it('publish every attribute of the type-level sets, named after the entity, with units', () => {
    const doorLining = { ...P.doorLining, ...(v4 ? P.doorLiningIfc4 : {}) };
    expect(setOf(doorId, 'IfcDoorLiningProperties')).toEqual(
      expectedRows(doorLining).map((r) => ({ SetKind: 'TypePropertySet', ...r })),
    );
    const windowLining = { ...P.windowLining, ...(v4 ? P.windowLiningIfc4 : {}) };
    expect(setOf(windowId, 'IfcWindowLiningProperties')).toEqual(
      expectedRows(windowLining).map((r) => ({ SetKind: 'TypePropertySet', ...r })),
    );
    expect(setOf(windowId, 'IfcWindowPanelProperties')).toEqual(
      expectedRows(P.windowPanel).map((r) => ({ SetKind: 'TypePropertySet', ...r })),
    );
  });

  it('publish a set attached to the occurrence as the element’s own', () => {
    expect(setOf(doorId, 'IfcDoorPanelProperties')).toEqual(
      expectedRows(P.doorPanel).map((r) => ({ SetKind: 'PropertySet', ...r })),
    );
  });
});
