import type { Expr } from './ast';
import { caseMappedField, escapeRegex, fieldOf, MATCH_NONE, type MongoDoc } from './mongo-expression';
import type { Scope } from './typing';

/**
 * `contains|startswith|endswith(tolower(Field),'text')` and `tolower(Field) eq|ne 'text'` (toupper alike) as a
 * case-insensitive regex on the field, for a property the store keeps no case-mapped copy of (PropertyDef.caseColumns).
 * MongoDB's $toLower/$toUpper map ASCII only, and FerretDB evaluates no comparison inside $expr at all; a regex with the `i` option folds case by Unicode on both, and can use an index.
 * Text that the mapping could never produce ('Ø' against tolower) matches nothing, as in JavaScript.
 * Undefined for any other shape. Simple case folding differs from JavaScript's full mapping for a few letters
 * ('ß' ↔ 'SS', 'İ', a final 'ς'): those compare by letter, not by expansion.
 */
export function caseInsensitiveMatch(
  name: string,
  mapped: Expr | undefined,
  text: Expr | undefined,
  scope: Scope,
): { t: MongoDoc; f: MongoDoc } | undefined {
  if (mapped?.kind !== 'call' || (mapped.name !== 'tolower' && mapped.name !== 'toupper')) return undefined;
  // A property with a stored case-mapped copy is compared exactly on that copy instead.
  if (caseMappedField(mapped, scope)) return undefined;
  const field = mapped.args[0] ? fieldOf(mapped.args[0], scope) : undefined;
  if (!field || text?.kind !== 'literal' || text.type !== 'string') return undefined;
  const value = text.value as string;
  const anchored: Record<string, string> = {
    contains: escapeRegex(value),
    startswith: `^${escapeRegex(value)}`,
    endswith: `${escapeRegex(value)}$`,
    eq: `^${escapeRegex(value)}$`,
  };
  const pattern = anchored[name];
  if (pattern === undefined) return undefined;
  const isString = { [field]: { $type: 'string' } };
  const producible = (mapped.name === 'tolower' ? value.toLowerCase() : value.toUpperCase()) === value;
  if (!producible) return { t: MATCH_NONE, f: isString };
  return {
    t: { [field]: { $regex: pattern, $options: 'i' } },
    f: { [field]: { $type: 'string', $not: new RegExp(pattern, 'i') } },
  };
}
