/** A property or quantity value as the rows store it. */
export interface TypedValue {
  text: string | null;
  number: number | null;
  raw: string | number | boolean | null;
  valueType: string | null;
}

const NO_VALUE: TypedValue = { text: null, number: null, raw: null, valueType: null };

/** 'IFCLENGTHMEASURE' → 'IfcLengthMeasure' when web-ifc hands no class (rare, plain objects). */
function valueTypeOf(v: { constructor?: { name?: string }; name?: unknown }): string | null {
  const className = v.constructor?.name;
  if (className && className !== 'Object') return className;
  return typeof v.name === 'string' ? v.name : null;
}

/**
 * Decodes a web-ifc value object (an IfcValue select such as IFCLABEL('x') or a bare measure).
 * web-ifc returns undefined for the LOGICAL .U.; we keep it as the text 'UNKNOWN'.
 */
export function typedValue(v: unknown): TypedValue {
  // a list where one value belongs (against the schema) is no value, as web-ifc reads it
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return NO_VALUE;
  // A bare reference (`#12` where a value belongs, against the schema) is no value, as web-ifc reads it; a typed one
  // (`IFCLABEL(#12)`) is the defined type's value, as web-ifc reads it too.
  if ((v as { type?: unknown }).type === 5 && typeof (v as { name?: unknown }).name !== 'string')
    return NO_VALUE;
  const wrapped = v as { value?: unknown };
  const valueType = valueTypeOf(v as { name?: unknown });
  const value = wrapped.value;
  if (typeof value === 'number') {
    return Number.isFinite(value)
      ? { text: String(value), number: value, raw: value, valueType }
      : { ...NO_VALUE, valueType };
  }
  if (typeof value === 'boolean')
    return { text: value ? 'true' : 'false', number: null, raw: value, valueType };
  if (typeof value === 'string')
    return { text: value === '' ? null : value, number: null, raw: value, valueType };
  if (value === undefined && valueType === 'IfcLogical')
    return { text: 'UNKNOWN', number: null, raw: null, valueType };
  return { ...NO_VALUE, valueType };
}

/** Booleans stored as IfcBoolean, IfcLogical or (by some exporters) as 'TRUE'/'FALSE' labels. */
export function asBoolean(value: TypedValue): boolean | null {
  if (typeof value.raw === 'boolean') return value.raw;
  if (typeof value.raw === 'string') {
    const upper = value.raw.trim().toUpperCase();
    if (upper === 'TRUE' || upper === 'T' || upper === 'YES') return true;
    if (upper === 'FALSE' || upper === 'F' || upper === 'NO') return false;
  }
  return null;
}
