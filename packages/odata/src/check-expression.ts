import type { Expr, LiteralNode } from './ast';
import { ODataNotImplementedError, ODataValidationError } from './errors';
import { SIGNATURES } from './function-signatures';
import { type Kind, type Scope, exprLabel, isNumeric, kindOfPath, resolvePath } from './typing';

const LITERAL_KIND: Record<LiteralNode['type'], Kind | undefined> = {
  null: 'null',
  boolean: 'boolean',
  int: 'int',
  decimal: 'decimal',
  double: 'double',
  string: 'string',
  date: 'date',
  dateTimeOffset: 'dateTimeOffset',
  timeOfDay: 'timeOfDay',
  duration: 'duration',
  guid: 'guid',
  binary: 'binary',
  enum: 'enum',
  geo: undefined,
};

/** Whether two kinds may be compared with eq/ne/lt/…: same kind, both numeric, or one side null. */
export function comparable(a: Kind, b: Kind): boolean {
  if (a === 'null' || b === 'null') return true;
  if (isNumeric(a) && isNumeric(b)) return true;
  return a === b;
}

const PRIMITIVE_COMPARE = new Set<Kind>([
  'string',
  'int',
  'decimal',
  'double',
  'boolean',
  'date',
  'dateTimeOffset',
  'timeOfDay',
  'guid',
  'null',
]);

function bad(message: string, e: Expr): ODataValidationError {
  return new ODataValidationError(message, exprLabel(e), e.pos);
}

/** Type-checks an alias-free expression and returns its kind. Throws 400 for wrong, 501 for unsupported. */
export function checkExpr(e: Expr, scope: Scope): Kind {
  switch (e.kind) {
    case 'literal': {
      const k = LITERAL_KIND[e.type];
      if (!k || k === 'duration' || k === 'binary' || k === 'enum') {
        throw new ODataNotImplementedError(`${e.type} literals are not supported here`, e.raw);
      }
      return k;
    }
    case 'member':
      return kindOfPath(resolvePath(e.path, scope, e.pos));
    case 'compare': {
      const l = checkExpr(e.left, scope);
      const r = checkExpr(e.right, scope);
      if (!PRIMITIVE_COMPARE.has(l) || !PRIMITIVE_COMPARE.has(r))
        throw bad(`Operator ${e.op} needs primitive operands`, e);
      if (!comparable(l, r))
        throw bad(`Cannot compare ${l} with ${r} (${exprLabel(e.left)} ${e.op} ${exprLabel(e.right)})`, e);
      if (l === 'boolean' && e.op !== 'eq' && e.op !== 'ne')
        throw bad(`Operator ${e.op} is not defined for Boolean values`, e);
      return 'boolean';
    }
    case 'logical':
    case 'not': {
      const operands = e.kind === 'not' ? [e.operand] : [e.left, e.right];
      for (const o of operands) {
        const k = checkExpr(o, scope);
        if (k !== 'boolean' && k !== 'null')
          throw bad(
            `Operator ${e.kind === 'not' ? 'not' : e.op} needs Boolean operands, ${exprLabel(o)} is ${k}`,
            o,
          );
      }
      return 'boolean';
    }
    case 'arith': {
      const l = checkExpr(e.left, scope);
      const r = checkExpr(e.right, scope);
      for (const [k, o] of [
        [l, e.left],
        [r, e.right],
      ] as const) {
        if (k === 'date' || k === 'dateTimeOffset' || k === 'duration')
          throw new ODataNotImplementedError('Date and duration arithmetic is not supported', exprLabel(o));
        if (!isNumeric(k) && k !== 'null')
          throw bad(`Operator ${e.op} needs numeric operands, ${exprLabel(o)} is ${k}`, o);
      }
      if (e.op === 'divby') return 'decimal';
      if (l === 'double' || r === 'double') return 'double';
      if (l === 'decimal' || r === 'decimal') return 'decimal';
      return l === 'null' ? r : l;
    }
    case 'negate': {
      const k = checkExpr(e.operand, scope);
      if (!isNumeric(k) && k !== 'null') throw bad(`Unary minus needs a numeric operand`, e);
      return k;
    }
    case 'in': {
      const l = checkExpr(e.left, scope);
      if (!PRIMITIVE_COMPARE.has(l)) throw bad('in needs a primitive left operand', e);
      if (e.right.kind !== 'list')
        throw new ODataNotImplementedError('in with a non-literal collection is not supported', 'in');
      for (const item of e.right.items) {
        const k = checkExpr(item, scope);
        if (!comparable(l, k))
          throw bad(`List item ${item.raw} does not match ${exprLabel(e.left)} (${l})`, item);
      }
      return 'boolean';
    }
    case 'has':
      checkExpr(e.left, scope);
      throw bad('has needs an enumeration-typed left operand; this model has no enumerations', e);
    case 'call':
      return checkCall(e, scope);
    case 'lambda': {
      if (e.collection.kind !== 'member')
        throw new ODataNotImplementedError('Lambda over this kind of collection is not supported', 'any/all');
      const r = resolvePath(e.collection.path, scope, e.pos);
      if (!r.collection || !r.entity)
        throw bad(`${e.op}() needs a collection-valued navigation property`, e.collection);
      if (r.navigations.length > 1)
        throw new ODataNotImplementedError(
          'Lambda after more than one navigation is not supported',
          exprLabel(e.collection),
        );
      if (!e.predicate || !e.variable) return 'boolean';
      if (Object.prototype.hasOwnProperty.call(scope.variables, e.variable))
        throw bad(`Lambda variable '${e.variable}' is already in use`, e);
      const k = checkExpr(e.predicate, {
        ...scope,
        variables: { ...scope.variables, [e.variable]: r.entity },
      });
      if (k !== 'boolean' && k !== 'null') throw bad('A lambda predicate must be Boolean', e.predicate);
      return 'boolean';
    }
    case 'alias':
      throw bad(`Unresolved parameter alias @${e.name}`, e);
    case 'typeName':
      throw bad(`Unexpected type name ${e.name}`, e);
    case 'opaque': {
      const head = e.path?.[0];
      // `Foo(…)` where Foo is neither a function nor a navigation: a typo, not an unsupported feature.
      if (
        e.what === 'key or function' &&
        head &&
        !scope.type.navigation.some((n) => n.name === head) &&
        !head.startsWith('$')
      ) {
        throw bad(`Unknown function ${head}`, e);
      }
      throw new ODataNotImplementedError(`${e.what} expressions are not supported`, e.what);
    }
    case 'root':
    case 'json':
      throw new ODataNotImplementedError(
        `${e.kind === 'root' ? '$root' : 'JSON array/object'} expressions are not supported`,
        e.kind,
      );
  }
}

function checkCall(e: Extract<Expr, { kind: 'call' }>, scope: Scope): Kind {
  const sig = SIGNATURES[e.name];
  if (!sig) {
    if (
      e.name === 'cast' ||
      e.name === 'isof' ||
      e.name.includes('.') ||
      ['hassubset', 'hassubsequence', 'case', 'totalseconds'].includes(e.name)
    ) {
      throw new ODataNotImplementedError(`Function ${e.name} is not supported`, e.name);
    }
    throw bad(`Unknown function ${e.name}`, e);
  }
  const min = sig.args.length - (sig.optional ?? 0);
  if (e.args.length < min || e.args.length > sig.args.length)
    throw bad(
      `${e.name} takes ${min === sig.args.length ? min : `${min} to ${sig.args.length}`} arguments`,
      e,
    );
  const kinds = e.args.map((a, i) => {
    const k = checkExpr(a, scope);
    const accepted = sig.args[i] as Kind[];
    if (k !== 'null' && !accepted.includes(k) && !(accepted.includes('int') && k === 'int')) {
      throw bad(
        `Argument ${i + 1} of ${e.name} must be ${accepted.join(' or ')}, ${exprLabel(a)} is ${k}`,
        a,
      );
    }
    return k;
  });
  return sig.result === 'sameAsFirst' ? (kinds[0] ?? 'null') : sig.result;
}
