import { ORPHAN_PROXY_NAME } from './model-options';
import type { SharedDefinitions } from './shared-definitions';
import { UNSET, ref, refs, str, typed } from './step-format';
import type { StepWriter } from './step-writer';

/**
 * An orphan proxy whose container, property set, type and material do not exist, and a
 * containment list naming an element that does not exist: real files have such references.
 */
export function writeDanglingReferences(w: StepWriter, d: SharedDefinitions): void {
  const h = ref(d.history);
  const rel = (typeName: string, args: string[]) =>
    w.entity(typeName, [str(w.guid()), h, UNSET, UNSET, ...args]);
  const proxy = w.product('IfcBuildingElementProxy', [
    str(w.guid()),
    h,
    str(ORPHAN_PROXY_NAME),
    UNSET,
    UNSET,
    ref(w.unusedId(1)),
    UNSET,
    str('PX-1'),
    ...(d.v4 ? [UNSET] : [UNSET]),
  ]);
  rel('IfcRelContainedInSpatialStructure', [refs([proxy, w.unusedId(2)]), ref(w.unusedId(3))]);
  rel('IfcRelDefinesByProperties', [refs([proxy]), ref(w.unusedId(4))]);
  rel('IfcRelDefinesByType', [refs([proxy]), ref(w.unusedId(5))]);
  rel('IfcRelAssociatesMaterial', [refs([proxy]), ref(w.unusedId(6))]);
  rel('IfcRelAggregates', [ref(w.unusedId(7)), refs([w.unusedId(8)])]);
  rel('IfcRelContainedInSpatialStructure', [refs([w.unusedId(9)]), ref(d.building)]);
}

/** A label whose closing quote never comes: everything after it is swallowed into the string. */
export function writeUnterminatedString(w: StepWriter): void {
  w.raw(`#${w.unusedId(10)}=IFCPROPERTYSINGLEVALUE('Note',$,${typed('IfcLabel', "'never closed")},$);\n`);
}

/**
 * A proxy whose property names and values are strings with encoding faults real exporters write (STEP text exactly as
 * written, so `str()` does not escape it): backslashes that start no escape, lower-case hex, an unpaired surrogate.
 */
export const ENCODING_FAULT_STRINGS = {
  proxyName: "'Imported luminaire \\X2\\00e9\\X0\\'",
  setName: "'AEC_Imported'",
  properties: [
    ["'Base Lightin\\g Load on'", "'C:\\temp\\new'"],
    ["'Caf\\X\\e9 rating'", "'ends with \\'"],
    ["'Lone \\X2\\D83D\\X0\\ surrogate'", "'\\X0\\ alone'"],
  ],
} as const;

export function writeEncodingFaults(w: StepWriter, d: SharedDefinitions): void {
  const h = ref(d.history);
  const f = ENCODING_FAULT_STRINGS;
  const proxy = w.product('IfcBuildingElementProxy', [
    str(w.guid()),
    h,
    f.proxyName,
    UNSET,
    UNSET,
    UNSET,
    UNSET,
    str('PX-ENC'),
    UNSET,
  ]);
  const properties = f.properties.map(([name, value]) =>
    w.entity('IfcPropertySingleValue', [name, UNSET, typed('IfcLabel', value), UNSET]),
  );
  const set = w.entity('IfcPropertySet', [str(w.guid()), h, f.setName, UNSET, refs(properties)]);
  w.entity('IfcRelDefinesByProperties', [str(w.guid()), h, UNSET, UNSET, refs([proxy]), ref(set)]);
  w.entity('IfcRelContainedInSpatialStructure', [
    str(w.guid()),
    h,
    UNSET,
    UNSET,
    refs([proxy]),
    ref(d.building),
  ]);
}
