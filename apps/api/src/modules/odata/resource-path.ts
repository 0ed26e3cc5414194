import {
  ODataError,
  ODataSyntaxError,
  ODataValidationError,
  type EntityType,
  type PropertyDef,
} from '@aec/odata';

export type ResourcePath =
  | { kind: 'service' }
  | { kind: 'metadata' }
  | { kind: 'collection'; entitySet: string }
  | { kind: 'count'; entitySet: string }
  | { kind: 'entity'; entitySet: string; key: string };

/** An OData identifier (odataIdentifier in the ABNF, at most 128 characters). */
const ODATA_IDENTIFIER = '[\\p{L}\\p{Nl}_][\\p{L}\\p{Nl}\\p{Nd}\\p{Mn}\\p{Mc}\\p{Pc}\\p{Cf}]{0,127}';
/**
 * A segment's name: an identifier, a `$` system segment name, or a namespace-qualified name (a type cast such as
 * `AEC.IFC.IFCElement`, a bound function): well-formed OData, so a path holding one the service does not serve is
 * its 404, not a 400 saying the path is malformed.
 */
const IDENTIFIER = new RegExp(
  `^(?:\\$${ODATA_IDENTIFIER}|${ODATA_IDENTIFIER}(?:\\.${ODATA_IDENTIFIER})*)$`,
  'u',
);

/**
 * Splits a decoded path into resource segments at '/' outside parentheses ('/' inside a quoted key does not split;
 * a trailing '/' is allowed). Undefined when it reads as no OData path: parentheses or quotes that do not close, an
 * empty segment, a segment that is not an identifier or `$` name optionally followed by one parenthesised part.
 */
function segmentsOf(path: string): string[] | undefined {
  const segments: string[] = [];
  let current = '';
  let depth = 0;
  let quoted = false;
  for (const ch of path) {
    if (depth > 0 && ch === "'") quoted = !quoted;
    else if (!quoted && ch === '(') depth++;
    else if (!quoted && ch === ')' && --depth < 0) return undefined;
    if (ch === '/' && depth === 0) {
      segments.push(current);
      current = '';
    } else current += ch;
  }
  if (depth !== 0 || quoted) return undefined;
  if (current !== '' || segments.length === 0) segments.push(current);
  const wellFormed = segments.every((segment) => {
    const open = segment.indexOf('(');
    return (
      IDENTIFIER.test(open < 0 ? segment : segment.slice(0, open)) && (open < 0 || segment.endsWith(')'))
    );
  });
  return wellFormed ? segments : undefined;
}

/** Parses the path below a service root: '', '$metadata', 'Set', 'Set/$count', "Set('key')" or 'Set(A=1,B='x')'. */
export function parseResourcePath(rawPath: string): ResourcePath {
  const path = decodeURIComponent(rawPath.replace(/^\/+/, ''));
  if (path === '') return { kind: 'service' };
  if (path === '$metadata') return { kind: 'metadata' };
  const segments = segmentsOf(path);
  if (!segments) throw new ODataSyntaxError(`Malformed resource path '${path}'`, 0);
  const [first, second] = segments as [string, ...string[]];
  const open = first.indexOf('(');
  const entitySet = open < 0 ? first : first.slice(0, open);
  // Well-formed but not served (more segments: a property, a navigation, a type cast, an unknown set's children; a
  // system resource such as $batch): there is no such resource. An unknown entity set is the service's 404.
  if (segments.length > 2 || (second !== undefined && second !== '$count') || entitySet.startsWith('$'))
    throw new ODataError(
      404,
      'NotFound',
      `No resource at '${path}': this service serves '<EntitySet>', '<EntitySet>/$count' and '<EntitySet>(<key>)'`,
      undefined,
      path,
    );
  const key = open < 0 ? undefined : first.slice(open + 1, -1);
  if (key !== undefined && second) throw new ODataSyntaxError('$count cannot follow a key', 0);
  if (key !== undefined) return { kind: 'entity', entitySet, key };
  return second ? { kind: 'count', entitySet } : { kind: 'collection', entitySet };
}

/**
 * One primitive literal, which is all a key value may be (OData URL Conventions §4.3.1): a string in single quotes
 * (quotes inside doubled), a number, a GUID, a boolean, a date or a date and time.
 */
const KEY_LITERAL =
  /^(?:'(?:[^']|'')*'|[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}|true|false|\d{4}-\d{2}-\d{2}(?:T[0-9:.]+(?:Z|[+-]\d{2}:\d{2}))?)$/;

/** Numeric EDM types: a key of one is written without quotes. */
const NUMERIC = new Set(['Edm.Int32', 'Edm.Int64', 'Edm.Double', 'Edm.Decimal']);

/**
 * A key value, checked to be one literal: it becomes the right side of an `eq`, where an expression such as
 * `'a' or true` would have matched every row and answered with whichever came first. A literal of the wrong kind
 * for its property (`IFCElements(1)` for a string key) is refused saying how to write it: as a filter it read
 * "Cannot compare string with int (Id eq 1)", naming neither the key nor the quotes.
 */
function keyValue(
  text: string,
  property: PropertyDef | undefined,
  example: (value: string) => string,
): string {
  const value = text.trim();
  if (!KEY_LITERAL.test(value)) {
    const shown = value.length > 80 ? `${value.slice(0, 79)}…` : value;
    throw new ODataSyntaxError(
      `A key value must be one literal (a string in single quotes, or a number), not ${shown}`,
      0,
    );
  }
  const quoted = value.startsWith("'");
  if (property?.type === 'Edm.String' && !quoted)
    throw new ODataValidationError(
      `The key property ${property.name} is a string: quote its value, e.g. ${example(`'${value}'`)}`,
      property.name,
    );
  if (property && NUMERIC.has(property.type) && quoted) {
    const inner = value.slice(1, -1);
    throw new ODataValidationError(
      `The key property ${property.name} is a number: write its value without quotes, e.g. ${example(
        /^[-+]?\d+(?:\.\d+)?$/.test(inner) ? inner : '1',
      )}`,
      property.name,
    );
  }
  return value;
}

/**
 * Turns a key predicate into a $filter expression text, so key access reuses the validated filter path. `type` is
 * the entity type of `entitySet` (its key properties, in order, and their types).
 */
export function keyToFilter(
  key: string,
  type: Pick<EntityType, 'key' | 'properties'>,
  entitySet: string,
): string {
  const keyProperties = type.key;
  const propertyOf = (name: string) => type.properties.find((p) => p.name === name);
  const trimmed = key.trim();
  if (!trimmed.includes('=') || /^'.*'$/s.test(trimmed)) {
    if (keyProperties.length !== 1)
      throw new ODataSyntaxError('This entity set has a composite key: name each part', 0);
    const name = keyProperties[0]!;
    return `${name} eq ${keyValue(trimmed, propertyOf(name), (v) => `${entitySet}(${v})`)}`;
  }
  const parts = splitKeyParts(trimmed).map((part) => {
    const eq = part.indexOf('=');
    const name = part.slice(0, eq).trim();
    if (!keyProperties.includes(name)) throw new ODataSyntaxError(`'${name}' is not a key property`, 0);
    return `${name} eq ${keyValue(part.slice(eq + 1), propertyOf(name), (v) => `${name}=${v}`)}`;
  });
  if (parts.length !== keyProperties.length)
    throw new ODataSyntaxError('Every key property must be given', 0);
  return parts.join(' and ');
}

function splitKeyParts(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of text) {
    if (ch === "'") quoted = !quoted;
    if (ch === ',' && !quoted) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts;
}
