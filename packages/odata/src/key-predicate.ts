import { ODataSyntaxError, ODataValidationError } from './errors';
import { ExpressionParser } from './parse-expression';
import type { EntityType, PropertyDef } from './model';
import { EDM_KIND, isNumeric } from './typing';
import { checkExpr } from './check-expression';
import type { EntityModel } from './model';

export type KeyValues = Record<string, string | number | bigint>;

/**
 * Parses a decoded key predicate `(5)`, `('a''b')` or `(A=1,B='x')` against the entity key.
 * Literal kinds must match the key property types (400 otherwise).
 */
export function parseKeyPredicate(text: string, type: EntityType, model: EntityModel): KeyValues {
  const p = ExpressionParser.fromText(text);
  p.expectPunct('(');
  const pairs: [string | undefined, ReturnType<ExpressionParser['parseExpr']>][] = [];
  for (;;) {
    let name: string | undefined;
    if (p.peek().type === 'ident' && p.isPunct('=', 1)) {
      name = p.next().text;
      p.next();
    }
    pairs.push([name, p.parseExpr(0)]);
    if (!p.isPunct(',')) break;
    p.next();
  }
  p.expectPunct(')');
  if (!p.atEnd()) throw p.error('Unexpected text after key predicate');
  if (pairs.length !== type.key.length)
    throw new ODataValidationError(`${type.name} has ${type.key.length} key properties`, 'key');
  if (pairs.length > 1 && pairs.some(([n]) => n === undefined))
    throw new ODataSyntaxError('Composite keys need name=value pairs', 0);
  const out: KeyValues = {};
  pairs.forEach(([name, expr], i) => {
    const keyName = name ?? (type.key[i] as string);
    const prop = type.properties.find((x) => x.name === keyName);
    if (!prop || !type.key.includes(keyName))
      throw new ODataValidationError(`'${keyName}' is not a key property of ${type.name}`, keyName);
    if (
      expr.kind !== 'literal' ||
      expr.value === null ||
      Array.isArray(expr.value) ||
      typeof expr.value === 'boolean'
    )
      throw new ODataValidationError('Key values must be literals', keyName);
    const kind = checkExpr(expr, { model, type, variables: {} });
    if (!matches(prop, kind))
      throw new ODataValidationError(`Key ${keyName} is ${prop.type}, got ${kind}`, keyName);
    if (keyName in out) throw new ODataValidationError(`Key ${keyName} given twice`, keyName);
    out[keyName] = expr.value;
  });
  return out;
}

function matches(prop: PropertyDef, kind: ReturnType<typeof checkExpr>): boolean {
  const want = EDM_KIND[prop.type];
  if (want === 'int') return kind === 'int';
  if (isNumeric(want)) return isNumeric(kind);
  return want === kind;
}
