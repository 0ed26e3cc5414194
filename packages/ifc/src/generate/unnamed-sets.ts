import type { SharedDefinitions } from './shared-definitions';
import { single } from './shared-definitions';
import { UNSET, real, ref, refs, str, typed } from './step-format';
import type { StepWriter } from './step-writer';

/** Property names the unnamed sets carry, so tests can find their values. */
export const UNNAMED_SET_PROPERTIES = { property: 'Zone', quantity: 'ClearHeight' } as const;

/**
 * A property set and a quantity set whose Name is `$`, both attached to a storey: IFC makes a set's Name optional
 * and some exporters leave it out, so every consumer of set names has to cope with none.
 */
export function writeUnnamedSets(w: StepWriter, d: SharedDefinitions, storey: number, index: number): void {
  const h = ref(d.history);
  const zone = single(w, UNNAMED_SET_PROPERTIES.property, typed('IfcLabel', str(`Zone ${index}`)));
  const properties = w.entity('IfcPropertySet', [str(w.guid()), h, UNSET, UNSET, refs([zone])]);
  const heightArgs = [str(UNNAMED_SET_PROPERTIES.quantity), UNSET, UNSET, real(2800)];
  const height = w.entity('IfcQuantityLength', d.v4 ? [...heightArgs, UNSET] : heightArgs);
  const quantities = w.entity('IfcElementQuantity', [str(w.guid()), h, UNSET, UNSET, UNSET, refs([height])]);
  for (const definition of [properties, quantities])
    w.entity('IfcRelDefinesByProperties', [str(w.guid()), h, UNSET, UNSET, refs([storey]), ref(definition)]);
}
