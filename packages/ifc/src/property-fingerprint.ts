import { hash } from 'node:crypto';
import type { PropertyRow } from './types';

/** What a fingerprint reads of a property row: what the change step compares (see diffProperties in the API). */
export type FingerprintedProperty = Pick<PropertyRow, 'SetName' | 'PropertyName' | 'Value' | 'Unit'>;

/** A text value with its length first, so no two different value lists ever join into the same text. */
const part = (value: string | null | undefined) => (value == null ? '-' : `${value.length}:${value}`);

/**
 * One element's property values in short: the SHA-1 of its (SetName, PropertyName, Value, Unit) rows in order,
 * '' without any. Computed once where the rows are built (the extraction worker), and stored on the element row,
 * so the change step between two versions of a model tells "property values unchanged" without reading them.
 */
export function propertyFingerprint(rows: readonly FingerprintedProperty[]): string {
  if (!rows.length) return '';
  let text = '';
  for (const row of rows)
    text += `${part(row.SetName)}${part(row.PropertyName)}${part(row.Value)}${part(row.Unit)};`;
  return hash('sha1', text, 'base64');
}
