import { propertySetDefinitionTypes } from './ifc-type-codes';
import type { IdLookup } from './id-pairs';
import type { LineSource } from './line-source';
import { type IfcLine, refId, refIds, text } from './model-reader';
import { type TypedValue, typedValue } from './typed-value';
import type { UnitLabels } from './units';

export interface DecodedProperty {
  name: string | null;
  value: TypedValue;
  unit: string | null;
}

export interface DecodedSet {
  name: string | null;
  isQuantitySet: boolean;
  properties: DecodedProperty[];
}

const QUANTITY_VALUE_ATTRIBUTE: Record<string, string> = {
  IfcQuantityLength: 'LengthValue',
  IfcQuantityArea: 'AreaValue',
  IfcQuantityVolume: 'VolumeValue',
  IfcQuantityCount: 'CountValue',
  IfcQuantityWeight: 'WeightValue',
  IfcQuantityTime: 'TimeValue',
  IfcQuantityNumber: 'NumberValue',
};

const MAX_NESTING = 4;
/** What web-ifc's line object holds besides a predefined set's own values. */
const ROOT_ATTRIBUTES = new Set(['expressID', 'type', 'GlobalId', 'OwnerHistory', 'Name', 'Description']);

function joined(values: TypedValue[], separator = ', '): TypedValue {
  const texts = values.map((v) => v.text).filter((t): t is string => t !== null);
  const first = values[0];
  if (values.length === 1 && first) return first;
  return {
    text: texts.length ? texts.join(separator) : null,
    number: null,
    raw: null,
    valueType: first?.valueType ?? null,
  };
}

/**
 * Decodes property sets and quantity sets. A set shared by many objects (common for type-driven
 * exporters) is decoded once and cached; a set used once is not kept, so memory stays bounded.
 */
export class PropertySetResolver {
  private readonly cache = new Map<number, DecodedSet | null>();
  decodedSets = 0;

  constructor(
    private readonly reader: LineSource,
    private readonly units: UnitLabels,
    private readonly uses: IdLookup<number>,
  ) {}

  resolve(id: number): DecodedSet | null {
    const cached = this.cache.get(id);
    if (cached !== undefined) return cached;
    const decoded = this.decode(id);
    if ((this.uses.get(id) ?? 0) > 1) this.cache.set(id, decoded);
    return decoded;
  }

  /** Properties of a list of property entities (also used for material property sets). */
  decodeProperties(ids: number[], prefix = '', depth = 0): DecodedProperty[] {
    const out: DecodedProperty[] = [];
    const lines = this.reader.lines(ids);
    for (const id of ids) {
      const line = lines.get(id);
      if (line) this.decodeProperty(line, prefix, depth, out);
    }
    return out;
  }

  private decode(id: number): DecodedSet | null {
    const line = this.reader.line(id);
    if (!line) return null;
    const kind = this.reader.typeName(line.type);
    this.decodedSets++;
    if (kind === 'IfcPropertySet') {
      return {
        name: text(line.Name),
        isQuantitySet: false,
        properties: this.decodeProperties(refIds(line.HasProperties)),
      };
    }
    if (kind === 'IfcElementQuantity') {
      return {
        name: text(line.Name),
        isQuantitySet: true,
        properties: this.decodeProperties(refIds(line.Quantities)),
      };
    }
    if (!propertySetDefinitionTypes().has(line.type)) return null;
    return { name: kind, isQuantitySet: false, properties: this.decodeAttributes(line) };
  }

  /**
   * A predefined property set (IfcDoorLiningProperties, IfcWindowPanelProperties, IfcPermeableCoveringProperties …, in
   * every schema) holds its values as entity attributes: each attribute with a value becomes a property of that name,
   * in schema order, in a set named after the entity. IfcRoot's own attributes and references (ShapeAspectStyle) are
   * not values; measures get the project's unit like quantities do.
   */
  private decodeAttributes(line: IfcLine): DecodedProperty[] {
    const out: DecodedProperty[] = [];
    for (const [name, raw] of Object.entries(line)) {
      if (ROOT_ATTRIBUTES.has(name) || raw === null || typeof raw !== 'object' || Array.isArray(raw))
        continue;
      if (refId(raw) !== null) continue;
      const value = typedValue(raw);
      if (value.text === null) continue;
      out.push({ name, value, unit: this.units.forMeasure(value.valueType) });
    }
    return out;
  }

  private unitFor(line: IfcLine, value: TypedValue): string | null {
    const explicit = refId(line.Unit);
    return (
      (explicit !== null ? this.units.labelOfUnit(explicit) : null) ?? this.units.forMeasure(value.valueType)
    );
  }

  private decodeProperty(line: IfcLine, prefix: string, depth: number, out: DecodedProperty[]): void {
    const kind = this.reader.typeName(line.type);
    const name = prefix + (text(line.Name) ?? '');
    const add = (value: TypedValue): void => {
      out.push({ name: name || null, value, unit: this.unitFor(line, value) });
    };
    const quantityAttribute = QUANTITY_VALUE_ATTRIBUTE[kind];
    if (quantityAttribute) return add(typedValue(line[quantityAttribute]));
    switch (kind) {
      case 'IfcPropertySingleValue':
        return add(typedValue(line.NominalValue));
      case 'IfcPropertyEnumeratedValue':
        return add(joined(asList(line.EnumerationValues).map(typedValue)));
      case 'IfcPropertyListValue':
        return add(joined(asList(line.ListValues).map(typedValue)));
      case 'IfcPropertyBoundedValue': {
        const lower = typedValue(line.LowerBoundValue);
        const upper = typedValue(line.UpperBoundValue);
        const range = `${lower.text ?? ''}..${upper.text ?? ''}`;
        return add({
          text: range === '..' ? null : range,
          number: null,
          raw: null,
          valueType: lower.valueType ?? upper.valueType,
        });
      }
      case 'IfcPropertyTableValue': {
        const defining = asList(line.DefiningValues).map(typedValue);
        const defined = asList(line.DefinedValues).map(typedValue);
        const pairs = defining.map((d, i) => `${d.text ?? ''}: ${defined[i]?.text ?? ''}`);
        return add({
          text: pairs.length ? pairs.join('; ') : null,
          number: null,
          raw: null,
          valueType: defined[0]?.valueType ?? null,
        });
      }
      case 'IfcPropertyReferenceValue': {
        const target = this.reader.line(refId(line.PropertyReference));
        const label = target ? (text(target.Name) ?? this.reader.typeName(target.type)) : null;
        return add({
          text: label,
          number: null,
          raw: label,
          valueType: target ? this.reader.typeName(target.type) : null,
        });
      }
      case 'IfcComplexProperty':
      case 'IfcPhysicalComplexQuantity':
        if (depth >= MAX_NESTING) return;
        out.push(
          ...this.decodeProperties(refIds(line.HasProperties ?? line.HasQuantities), `${name}.`, depth + 1),
        );
        return;
      default:
        return;
    }
  }
}

function asList(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  return v === null || v === undefined ? [] : [v];
}
