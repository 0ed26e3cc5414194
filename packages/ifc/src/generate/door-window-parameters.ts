import { UNSET, enumValue, real, ref, str } from './step-format';
import type { StepWriter } from './step-writer';

/**
 * The predefined property sets that describe the shape of doors and windows (IfcDoorLiningProperties,
 * IfcDoorPanelProperties, IfcWindowLiningProperties, IfcWindowPanelProperties), attribute by attribute in the order of
 * the official IFC2X3 and IFC4 schemas; IFC4 adds LiningToPanelOffsetX/Y to both linings and LiningOffset to the
 * window's. The values (mm, ratios, enums) are what the tests expect back as properties.
 */
export const DOOR_WINDOW_PARAMETERS = {
  doorLining: {
    LiningDepth: 100,
    LiningThickness: 50,
    ThresholdDepth: 120,
    ThresholdThickness: 25,
    TransomThickness: 0,
    TransomOffset: 2100,
    LiningOffset: 0,
    ThresholdOffset: 0,
    CasingThickness: 75,
    CasingDepth: 5,
  },
  doorLiningIfc4: { LiningToPanelOffsetX: 25, LiningToPanelOffsetY: 30 },
  doorPanel: { PanelDepth: 40, PanelOperation: 'SWINGING', PanelWidth: 1, PanelPosition: 'LEFT' },
  windowLining: {
    LiningDepth: 120,
    LiningThickness: 60,
    TransomThickness: 0,
    MullionThickness: 0,
    FirstTransomOffset: 0.5,
    SecondTransomOffset: 0.75,
    FirstMullionOffset: 0.5,
    SecondMullionOffset: 0.75,
  },
  windowLiningIfc4: { LiningOffset: 10, LiningToPanelOffsetX: 20, LiningToPanelOffsetY: 20 },
  windowPanel: {
    OperationType: 'SIDEHUNGLEFTHAND',
    PanelPosition: 'MIDDLE',
    FrameDepth: 70,
    FrameThickness: 55,
  },
} as const;

/** GlobalId, OwnerHistory, Name, Description (IfcRoot's attributes). */
function head(w: StepWriter, history: number, name: string): string[] {
  return [str(w.guid()), ref(history), str(name), UNSET];
}

const reals = (values: Record<string, number>) => Object.values(values).map(real);

export interface DoorWindowParameterSets {
  doorLining: number;
  doorPanel: number;
  windowLining: number;
  windowPanel: number;
}

export function writeDoorWindowParameters(
  w: StepWriter,
  v4: boolean,
  history: number,
): DoorWindowParameterSets {
  const p = DOOR_WINDOW_PARAMETERS;
  const doorLining = w.entity('IfcDoorLiningProperties', [
    ...head(w, history, 'Door lining'),
    ...reals(p.doorLining),
    UNSET, // ShapeAspectStyle
    ...(v4 ? reals(p.doorLiningIfc4) : []),
  ]);
  const doorPanel = w.entity('IfcDoorPanelProperties', [
    ...head(w, history, 'Door panel'),
    real(p.doorPanel.PanelDepth),
    enumValue(p.doorPanel.PanelOperation),
    real(p.doorPanel.PanelWidth),
    enumValue(p.doorPanel.PanelPosition),
    UNSET,
  ]);
  const windowLining = w.entity('IfcWindowLiningProperties', [
    ...head(w, history, 'Window lining'),
    ...reals(p.windowLining),
    UNSET, // ShapeAspectStyle
    ...(v4 ? reals(p.windowLiningIfc4) : []),
  ]);
  const windowPanel = w.entity('IfcWindowPanelProperties', [
    ...head(w, history, 'Window panel'),
    enumValue(p.windowPanel.OperationType),
    enumValue(p.windowPanel.PanelPosition),
    real(p.windowPanel.FrameDepth),
    real(p.windowPanel.FrameThickness),
    UNSET,
  ]);
  return { doorLining, doorPanel, windowLining, windowPanel };
}
